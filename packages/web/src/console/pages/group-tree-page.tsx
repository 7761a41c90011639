import { type GroupTreeNode, isGlobalAdmin, nowRfc3339, randomId } from '@gatehouse/entities';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Flex, Row, Spin, Tag, Tree, type TreeDataNode } from 'antd';
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { busyLoading } from '../../shared/components/busy';
import { unwrap } from '../../shared/data/client';
import { useTranslation } from '../../shared/i18n/i18n';
import { useAccount } from '../auth/account';
import { useFeedback } from '../components/feedback';
import { LoadError } from '../components/load-error';
import EntityListPage from '../crud/entity-list-page';
import { editPath, withQuery } from '../crud/paths';
import { RefSelect } from '../crud/ref-select';
import { create, getGroupTree } from '../data/entities';
import { definitionOf } from '../entities/definitions';
import { GROUP_LIST_URL_KEY } from '../entities/group-list-url';
import type { EntityUi } from '../entities/ui-types';

const groupDefinition = definitionOf('group');
const organizationDefinition = definitionOf('organization');

function treeData(nodes: GroupTreeNode[], physical: string): TreeDataNode[] {
  return nodes.map((node) => ({
    key: node.key,
    title: (
      <span>
        {node.title} {node.type === 'Physical' && <Tag>{physical}</Tag>}
      </span>
    ),
    children: node.children ? treeData(node.children, physical) : undefined,
  }));
}

/**
 * The group tree of an organization: on the left the tree, fully
 * expanded, with the organization picker (global admins), Show all and Add; on the right the users
 * of the selected group (each removable from it), or of the whole organization. `ui` is the
 * user list's.
 */
export default function GroupTreePage({ ui }: { ui: EntityUi }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const feedback = useFeedback();
  const viewer = useAccount()?.viewer ?? null;
  const { organizationName = '', groupName } = useParams();

  // Save & Exit of a group opened from here comes back here.
  useEffect(() => {
    sessionStorage.setItem(GROUP_LIST_URL_KEY, `${location.pathname}${location.search}`);
  }, [location.pathname, location.search]);

  const tree = useQuery({
    queryKey: ['list', 'group', 'tree', organizationName],
    queryFn: async () => unwrap(await getGroupTree(organizationName)).data ?? [],
  });

  const add = useMutation({
    mutationFn: async () => {
      if (!groupDefinition || !viewer) throw new Error('not signed in');
      const record = {
        ...groupDefinition.newRecord({ organization: organizationName, viewer, random: randomId, now: nowRfc3339 }),
        parentId: groupName ?? organizationName,
      };
      unwrap(await create(groupDefinition, record));
      return record;
    },
    onSuccess: (record) => {
      feedback.success('general.successfullyAdded');
      if (groupDefinition) void navigate(withQuery(editPath(groupDefinition, record), 'mode', 'add'));
    },
    onError: (error) => feedback.failure('general.failedToAdd', error),
  });

  const base = `/trees/${encodeURIComponent(organizationName)}`;
  let treeBody = <Spin />;
  if (tree.error) treeBody = <LoadError error={tree.error} onRetry={() => void tree.refetch()} />;
  else if (tree.data && tree.data.length === 0)
    treeBody = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('group.noGroups')} />;
  else if (tree.data)
    treeBody = (
      <Tree
        aria-label={t('group.treeTitle')}
        defaultExpandAll
        blockNode
        treeData={treeData(tree.data, t('group.physical'))}
        selectedKeys={groupName ? [groupName] : []}
        onSelect={(keys) => {
          const key = keys[0];
          void navigate(key === undefined ? base : `${base}/${encodeURIComponent(String(key))}`);
        }}
      />
    );

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={8} xl={6}>
        <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('group.treeTitle')}</h2>} size="small">
          <Flex vertical gap={12}>
            {isGlobalAdmin(viewer) && organizationDefinition && (
              <RefSelect
                aria-label={t('group.owner')}
                definition={organizationDefinition}
                organization=""
                value={organizationName}
                onChange={(next) => void navigate(`/trees/${encodeURIComponent(next)}`)}
                style={{ width: '100%' }}
              />
            )}
            <Flex gap={8} wrap>
              <Button onClick={() => void navigate(base)} disabled={!groupName}>
                {t('group.showAll')}
              </Button>
              <Button type="primary" loading={busyLoading(add.isPending)} onClick={() => add.mutate()}>
                {t('general.add')}
              </Button>
            </Flex>
            {treeBody}
          </Flex>
        </Card>
      </Col>
      <Col xs={24} md={16} xl={18}>
        <EntityListPage key={groupName ?? ''} ui={ui} organizationParam="organizationName" groupName={groupName} />
      </Col>
    </Row>
  );
}
