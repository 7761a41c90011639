import { WEBHOOK_OBJECT_FIELD_OPTIONS, type WebhookHeader } from '@gatehouse/entities';
import { Form, Select } from 'antd';
import { useTranslation } from '../../shared/i18n/i18n';
import { RowsTable, type RowsTableSpec } from '../crud/rows-table';
import type { EntityOverrides, FieldControlProps, SectionExtraProps } from './ui-types';
import { WebhookDeliveries } from './webhook-deliveries';
import { PayloadPreview } from './webhook-payload-preview';
import { headerNameInvalid, newHeaderRow, webhookHeadersRule, webhookValuesChange } from './webhook-rules';

/** The headers table: name and value rows with add, move up, move down and delete, 10 a page. */
const HEADERS: RowsTableSpec<WebhookHeader> = {
  empty: () => [],
  rules: { newRow: newHeaderRow },
  pageSize: 10,
  columns: (t) => [
    { key: 'name', title: t('webhook.headerName'), kind: 'text', invalid: headerNameInvalid },
    { key: 'value', title: t('webhook.headerValue'), kind: 'text' },
  ],
};

function HeadersTable(props: FieldControlProps) {
  return <RowsTable {...props} spec={HEADERS} />;
}

/** Object fields: All or keys of the request's object, typed freely (choosing All keeps All alone). */
function ObjectFieldsSelect({ id, value, onChange, disabled }: FieldControlProps) {
  const { t } = useTranslation();
  return (
    <Select
      id={id}
      mode="tags"
      disabled={disabled}
      value={Array.isArray(value) ? value.map(String) : []}
      onChange={onChange}
      tokenSeparators={[',']}
      options={WEBHOOK_OBJECT_FIELD_OPTIONS.map((option) => ({
        value: option,
        label: option === 'All' ? t('webhook.allFields') : option,
      }))}
    />
  );
}

/**
 * The preview sits after the extended user fields, which show only while the user is extended;
 * otherwise it follows the switch itself.
 */
function PreviewAfterSwitch(props: SectionExtraProps) {
  const extended = Form.useWatch('isUserExtended', { preserve: true });
  return extended === true ? null : <PayloadPreview {...props} />;
}

/**
 * Webhooks: the headers table, object fields that collapse to All, the
 * extended user fields only while the user is extended, a JSON preview of the payload, and the
 * delivery log below the form.
 */
const overrides: EntityOverrides = {
  fieldControls: { headers: HeadersTable, objectFields: ObjectFieldsSelect },
  fieldRules: { headers: webhookHeadersRule },
  fieldVisible: (field, values) => field !== 'tokenFields' || values.isUserExtended === true,
  fieldExtras: { isUserExtended: PreviewAfterSwitch, tokenFields: PayloadPreview },
  onValuesChange: (changed) => webhookValuesChange(changed),
  formExtras: [WebhookDeliveries],
};

export default overrides;
