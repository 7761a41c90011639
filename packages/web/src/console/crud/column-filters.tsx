import { FilterFilled, SearchOutlined } from '@ant-design/icons';
import { Button, Input, type InputRef, Radio, Space, theme } from 'antd';
import type { FilterDropdownProps } from 'antd/es/table/interface';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { useTranslation } from '../../shared/i18n/i18n';

// The dropdowns render inside the column header in React's tree: keys typed in them must not
// reach the header, whose Enter toggles the sort order.
const keepKeysInside = (event: KeyboardEvent) => event.stopPropagation();

/**
 * The icon of a column's search or filter. antd renders its trigger as a role=button span that
 * the keyboard cannot reach; this makes that span a real keyboard button (focusable, labelled,
 * opened with Enter or Space) instead of nesting a second button inside it.
 */
export function FilterTrigger({ filtered, label, search }: { filtered: boolean; label: string; search: boolean }) {
  const { token } = theme.useToken();
  const icon = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const trigger = icon.current?.closest<HTMLElement>('.ant-table-filter-trigger');
    if (!trigger) return;
    trigger.tabIndex = 0;
    trigger.setAttribute('aria-label', label);
    trigger.title = label;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      // Stopped here, the key never reaches the header, whose Enter would sort.
      event.preventDefault();
      event.stopPropagation();
      trigger.click();
    };
    trigger.addEventListener('keydown', onKeyDown);
    return () => trigger.removeEventListener('keydown', onKeyDown);
  }, [label]);
  const Icon = search ? SearchOutlined : FilterFilled;
  return <Icon ref={icon} style={{ color: filtered ? token.colorPrimary : undefined }} />;
}

function DropdownButtons({ onConfirm, onReset }: { onConfirm: () => void; onReset: () => void }) {
  const { t } = useTranslation();
  return (
    <Space>
      <Button type="primary" size="small" icon={<SearchOutlined aria-hidden />} onClick={onConfirm}>
        {t('general.search')}
      </Button>
      <Button size="small" onClick={onReset}>
        {t('general.reset')}
      </Button>
    </Space>
  );
}

/** Free-text search of one column (the server matches part of the value). */
export function ColumnSearch({
  setSelectedKeys,
  selectedKeys,
  confirm,
  clearFilters,
  visible,
  label,
}: FilterDropdownProps & { label: string }) {
  const { t } = useTranslation();
  const input = useRef<InputRef>(null);
  useEffect(() => {
    if (visible) setTimeout(() => input.current?.focus(), 0);
  }, [visible]);
  return (
    <search style={{ display: 'block', padding: 8 }} onKeyDown={keepKeysInside}>
      <Input
        ref={input}
        aria-label={t('general.searchField', { field: label })}
        placeholder={t('general.searchField', { field: label })}
        value={String(selectedKeys[0] ?? '')}
        onChange={(e) => setSelectedKeys(e.target.value ? [e.target.value] : [])}
        onPressEnter={() => confirm()}
        style={{ marginBottom: 8, display: 'block' }}
      />
      <DropdownButtons
        onConfirm={() => confirm()}
        onReset={() => {
          clearFilters?.();
          confirm();
        }}
      />
    </search>
  );
}

/** One-of-a-list filter of a column (the server matches the value exactly). */
export function ColumnFilter({
  setSelectedKeys,
  selectedKeys,
  confirm,
  clearFilters,
  filters = [],
  visible,
  label,
}: FilterDropdownProps & { label: string }) {
  const { t } = useTranslation();
  const box = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    // The dropdown is rendered at the end of the page: take the focus there, or Tab never reaches it.
    if (visible) setTimeout(() => box.current?.querySelector<HTMLInputElement>('input:checked, input')?.focus(), 0);
  }, [visible]);
  return (
    <fieldset ref={box} aria-label={label} style={{ border: 0, margin: 0, minWidth: 0, padding: 8 }} onKeyDown={keepKeysInside}>
      <Radio.Group
        aria-label={t('general.filterField', { field: label })}
        value={selectedKeys[0]}
        onChange={(e) => setSelectedKeys([e.target.value])}
        // Long lists (a provider's ~150 types) scroll inside the dropdown.
        style={{ display: 'flex', flexDirection: 'column', gap: 4, marginBottom: 8, maxHeight: 320, overflowY: 'auto' }}
        options={filters.map((f) => ({ value: String(f.value), label: f.text }))}
      />
      <DropdownButtons
        onConfirm={() => confirm()}
        onReset={() => {
          clearFilters?.();
          confirm();
        }}
      />
    </fieldset>
  );
}
