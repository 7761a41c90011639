import { SUBSCRIPTION_STATES } from '@gatehouse/entities';
import { Input, Select } from 'antd';
import { textOf } from '../../shared/data/text';
import { SubscriptionStateCell, SubscriptionStateTag } from './business-cells';
import { fromLocalInput, toLocalInput } from './business-rules';
import type { EntityOverrides, FieldControlProps } from './ui-types';

/** The state as its coloured tag in the selector too; only global administrators change it (the definition's rule). */
function StateField({ id, value, onChange, disabled, label }: FieldControlProps) {
  return (
    <Select
      id={id}
      aria-label={label}
      disabled={disabled}
      value={textOf(value) || undefined}
      onChange={(next: string) => onChange?.(next)}
      options={SUBSCRIPTION_STATES.map((state) => ({
        value: state,
        title: state,
        label: <SubscriptionStateTag state={state} />,
      }))}
    />
  );
}

/** A start or end time, typed in the reader's local time and stored as RFC 3339 (UTC). */
function TimeField({ id, value, onChange, disabled, label }: FieldControlProps) {
  return (
    <Input
      id={id}
      type="datetime-local"
      aria-label={label}
      disabled={disabled}
      value={toLocalInput(value)}
      onChange={(event) => onChange?.(fromLocalInput(event.target.value))}
    />
  );
}

/**
 * Subscriptions: the state as a coloured tag with an icon; start and end
 * times editable; user, pricing and plan are the generic pickers of the organization's records.
 */
const overrides: EntityOverrides = {
  listCells: { state: SubscriptionStateCell },
  fieldControls: { state: StateField, startTime: TimeField, endTime: TimeField },
};

export default overrides;
