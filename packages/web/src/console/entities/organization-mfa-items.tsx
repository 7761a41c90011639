import { MFA_RULES, MFA_TYPES, type MfaItem, mfaItemsProblem } from '@gatehouse/entities/plain';
import { App, Select } from 'antd';
import { useTranslation } from '../../shared/i18n/i18n';
import { useJsonValue } from '../crud/json-value';
import { type CellEditorProps, ListEditor } from '../crud/list-editor';
import type { FieldControlProps } from './ui-types';

const empty = (): MfaItem[] => [];

/** A cell's select with translated choices (the stored values are Casdoor's). */
function ChoiceCell({ cell, choices }: { cell: CellEditorProps; choices: { value: string; label: string }[] }) {
  return (
    <Select
      size="small"
      value={typeof cell.value === 'string' && cell.value !== '' ? cell.value : undefined}
      options={choices}
      onChange={(next) => cell.onChange(next)}
      disabled={cell.disabled}
      aria-label={cell.label}
      popupMatchSelectWidth={false}
      style={{ width: '100%', minWidth: 120 }}
    />
  );
}

/**
 * The organization's MFA items: a method (phone, e-mail, app) per row, each
 * at most once, with its rule Optional, Prompt or Required; only one may be Required ("Only 1 MFA
 * methods can be required", which the server enforces too).
 */
export function MfaItemsField({ id, value, onChange, disabled, label }: FieldControlProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [rows, setRows] = useJsonValue<MfaItem[]>(value, onChange, empty);
  const ruleChoices = MFA_RULES.map((rule) => ({ value: rule, label: t(`mfa.rules.${rule}`) }));
  return (
    <ListEditor<MfaItem>
      id={id}
      value={rows}
      onChange={setRows}
      disabled={disabled}
      label={label}
      columns={[
        {
          key: 'name',
          title: t('mfa.method'),
          kind: 'select',
          renderCell: (cell, row, _index, all) => (
            <ChoiceCell
              cell={cell}
              // Each method once: the row's own and the ones no other row has.
              choices={MFA_TYPES.filter((type) => type === row.name || !all.some((other) => other.name === type)).map((type) => ({
                value: type,
                label: t(`mfa.types.${type}`),
              }))}
            />
          ),
        },
        {
          key: 'rule',
          title: t('mfa.rule'),
          kind: 'select',
          renderCell: (cell) => <ChoiceCell cell={cell} choices={ruleChoices} />,
        },
      ]}
      newRow={(all) => ({ name: MFA_TYPES.find((type) => !all.some((row) => row.name === type)) ?? 'app', rule: 'Optional' })}
      canAdd={(all) => all.length < MFA_TYPES.length}
      onCellChange={(next, _key, previous, all) => {
        const edited = all.map((row) => (row === previous ? next : row));
        if (mfaItemsProblem(edited)?.key === 'mfaItemsOneRequired') {
          void message.error(t('mfa.onlyOneRequired'));
          return previous;
        }
        return next;
      }}
    />
  );
}
