import { formatBytes } from '@gatehouse/entities';
import { Button, Typography } from 'antd';
import { Link } from 'react-router';
import { copyText } from '../../shared/components/clipboard';
import type { Rec } from '../../shared/data/client';
import { useTranslation } from '../../shared/i18n/i18n';
import { useFeedback } from '../components/feedback';
import { deleteResource } from '../data/entities';
import { ResourceUpload } from './resource-upload';
import type { EntityOverrides, ListCellProps } from './ui-types';

/**
 * Resources: no Add (files come from the Upload button beside where Add would
 * be), links to the provider, application and user of each file, its size for people, a preview
 * of images (up to 200 px wide), videos and sounds, its URL with Copy Link, and a delete that
 * names the provider. The edit page shows a file's record; only its description can change.
 */

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** A console link to /{section}/{owner}/{name}, or the plain name when there is no record to open. */
function RecordLink({ section, owner, name }: { section: string; owner: string; name: string }) {
  if (!name) return null;
  if (!owner) return <>{name}</>;
  return <Link to={`/${section}/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`}>{name}</Link>;
}

function ProviderCell({ record }: ListCellProps) {
  const { t } = useTranslation();
  const name = text(record.provider);
  // No provider: the default storage, the local file system under the data folder.
  if (!name) return <Typography.Text type="secondary">{t('resource.defaultStorage')}</Typography.Text>;
  return <RecordLink section="providers" owner={text(record.providerOwner) || text(record.owner)} name={name} />;
}

/** Applications are owned by admin (their organization is a field); app-built-in is the built-in one. */
function ApplicationCell({ record }: ListCellProps) {
  return <RecordLink section="applications" owner={text(record.owner)} name={text(record.application)} />;
}

function UserCell({ record }: ListCellProps) {
  return <RecordLink section="users" owner={text(record.owner)} name={text(record.user)} />;
}

/** 1.5 KB, 20 MB ... */
function FileSizeCell({ record }: ListCellProps) {
  return <span style={{ whiteSpace: 'nowrap' }}>{formatBytes(Number(record.fileSize ?? 0))}</span>;
}

/** Only web addresses are shown or linked (never javascript: or data: URLs typed into a record). */
const isWebUrl = (url: string) => /^https?:\/\//i.test(url);

function CopyLinkCell({ record }: ListCellProps) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const url = text(record.url);
  if (!url) return null;
  return (
    <Button
      size="small"
      aria-label={t('resource.copyLinkOf', { name: text(record.name) })}
      onClick={() =>
        copyText(url).then(
          () => feedback.success('general.copied'),
          (error: unknown) => feedback.error(error),
        )
      }
    >
      {t('resource.copyLink')}
    </Button>
  );
}

function Preview({ record }: { record: Rec }) {
  const { t } = useTranslation();
  const url = text(record.url);
  const name = text(record.fileName) || text(record.name);
  if (!isWebUrl(url)) return null;
  switch (record.fileType) {
    case 'image':
      return (
        <a href={url} target="_blank" rel="noreferrer">
          <img
            src={url}
            alt={t('resource.previewOf', { name })}
            loading="lazy"
            style={{ display: 'block', maxWidth: 200, maxHeight: 200 }}
          />
        </a>
      );
    case 'video':
      return (
        // biome-ignore lint/a11y/useMediaCaption: uploaded files come without captions.
        <video src={url} controls preload="metadata" width={200} aria-label={t('resource.previewOf', { name })} />
      );
    case 'audio':
      return (
        // biome-ignore lint/a11y/useMediaCaption: uploaded files come without captions.
        <audio src={url} controls preload="none" style={{ width: 200 }} aria-label={t('resource.previewOf', { name })} />
      );
    default:
      return null;
  }
}

const overrides: EntityOverrides = {
  noAdd: true,
  listToolbar: ResourceUpload,
  listCells: {
    provider: ProviderCell,
    application: ApplicationCell,
    user: UserCell,
    fileSize: FileSizeCell,
    url: CopyLinkCell,
  },
  listExtraColumns: [{ key: 'preview', label: 'resource.preview', after: 'fileSize', render: Preview }],
  deleteRecord: deleteResource,
};

export default overrides;
