import { ALL_APPLICATIONS, isPlainCode } from '@gatehouse/entities';
import { Button, Form, Tag } from 'antd';
import { copyText } from '../../shared/components/clipboard';
import { type Rec, unwrap } from '../../shared/data/client';
import { textOf as text } from '../../shared/data/text';
import { useTranslation } from '../../shared/i18n/i18n';
import { useFeedback } from '../components/feedback';
import { RefSelect } from '../crud/ref-select';
import { getOne } from '../data/entities';
import { definitionOf } from './definitions';
import type { EntityOverrides, FieldControlProps, ListCellProps, SectionExtraProps } from './ui-types';

const applicationDefinition = definitionOf('application');
const organizationDefinition = definitionOf('organization');

/** Active as a success tag, Suspended as a default one. */
function StateCell({ record }: ListCellProps) {
  const { t } = useTranslation();
  const state = text(record.state);
  return <Tag color={state === 'Active' ? 'success' : 'default'}>{t(`invitation.states.${state}`, state)}</Tag>;
}

/** All, or an application of the invitation's organization (searched on the server). */
function ApplicationField({ id, value, onChange, disabled, stored, label }: FieldControlProps) {
  const { t } = useTranslation();
  const owner = text(Form.useWatch('owner') ?? stored.owner);
  if (!applicationDefinition) return null;
  return (
    <RefSelect
      id={id}
      aria-label={label}
      definition={applicationDefinition}
      organization={owner}
      value={text(value)}
      onChange={(next) => onChange?.(next)}
      disabled={disabled}
      extraOptions={[{ value: ALL_APPLICATIONS, label: t('invitation.allApplications') }]}
    />
  );
}

/**
 * Copy signup page URL: /signup/{application}?invitationCode={default code}; for All, the
 * organization's default application, which must then be set.
 */
function CopySignupUrl({ stored }: SectionExtraProps) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const form = Form.useFormInstance<Rec>();
  const copy = async () => {
    const values = { ...stored, ...form.getFieldsValue(true) };
    const owner = text(values.owner);
    let application = text(values.application);
    if (!application || application === ALL_APPLICATIONS) {
      const org = organizationDefinition ? unwrap(await getOne(organizationDefinition, 'admin', owner)).data : null;
      application = text(org?.defaultApplication);
      if (!application) throw new Error(t('invitation.noDefaultApplication', { name: owner }));
    }
    const code = text(values.defaultCode) || text(values.code);
    const url = `${window.location.origin}/signup/${encodeURIComponent(application)}?${new URLSearchParams({ invitationCode: code })}`;
    await copyText(url);
  };
  return (
    <Form.Item wrapperCol={{ md: { offset: 6, span: 18 }, xl: { offset: 4, span: 16 } }}>
      <Button
        onClick={() =>
          void copy().then(
            () => feedback.success('general.copied'),
            (error: unknown) => feedback.error(error),
          )
        }
      >
        {t('invitation.copySignupUrl')}
      </Button>
    </Form.Item>
  );
}

/** The default code follows a code of letters and digits. */
const overrides: EntityOverrides = {
  listCells: { state: StateCell },
  fieldControls: { application: ApplicationField },
  fieldExtras: { defaultCode: CopySignupUrl },
  onValuesChange: (changed) => {
    const code = changed.code;
    return typeof code === 'string' && isPlainCode(code) ? { defaultCode: code } : undefined;
  },
};

export default overrides;
