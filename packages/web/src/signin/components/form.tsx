import { createContext, type FormEvent, type ReactNode, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { ControlProps } from '../../shared/plain/input';
import './form.css';

/**
 * The sign-in pages' forms without antd's Form: a store of values and errors per form, fields that
 * hand their control its value, id and error, rules checked as antd checks them (a field once
 * changed is checked on every change, the fields that depend on it with it, every field on submit),
 * and the ids antd gives inputs (`{form}_{field}`), which labels point at.
 */

export type Values = Record<string, unknown>;

/** A rule answers the message of what is wrong, or null. It sees the whole form's values. */
export type Rule = (value: unknown, values: Values) => string | null;

/** antd's `{ required: true, whitespace, message }`: an empty value (or only spaces) is refused. */
export function required(message: string): Rule {
  return (value) => (isEmpty(value) ? message : null);
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

interface Registration {
  rules: Rule[];
  dependencies: string[];
}

/** The invalid submit or validateFields call: which fields are wrong. */
export class ValidationError extends Error {
  override name = 'ValidationError';
  constructor(readonly fields: string[]) {
    super(`invalid: ${fields.join(', ')}`);
  }
}

export class FormStore {
  private values: Values;
  private errors = new Map<string, string>();
  private touched = new Set<string>();
  private fields = new Map<string, Registration>();
  private listeners = new Set<() => void>();
  private version = 0;

  private initialized = false;

  /** `name`: the form's id, and the prefix of its inputs' ids (antd's `{form}_{field}`). */
  constructor(
    readonly name: string,
    initial?: Values,
  ) {
    this.values = { ...initial };
    this.initialized = initial !== undefined;
  }

  /**
   * The form's first values, once (antd's initialValues): a page that knows them only after a load
   * gives them when it first renders the form; later calls change nothing.
   */
  initialize(values: Values) {
    if (this.initialized) return;
    this.initialized = true;
    this.values = { ...values, ...this.values };
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  snapshot = () => this.version;
  private changed() {
    this.version++;
    for (const listener of this.listeners) listener();
  }

  register(name: string, registration: Registration): () => void {
    this.fields.set(name, registration);
    return () => {
      if (this.fields.get(name) === registration) this.fields.delete(name);
    };
  }

  getFieldValue(name: string): unknown {
    return this.values[name];
  }
  /** Every value the form holds (those of fields no longer shown too, as antd's getFieldsValue(true)). */
  getFieldsValue(): Values {
    return { ...this.values };
  }
  getError(name: string): string | undefined {
    return this.errors.get(name);
  }
  idOf(name: string): string {
    return `${this.name}_${name}`;
  }

  /** A value typed or picked: checked at once (with the fields that depend on it, once they were touched). */
  change(name: string, value: unknown) {
    this.values = { ...this.values, [name]: value };
    this.touched.add(name);
    this.check(name);
    for (const [other, registration] of this.fields)
      if (other !== name && registration.dependencies.includes(name) && this.touched.has(other)) this.check(other);
    this.changed();
  }

  /** Sets values as the page's code does (not checked, like antd's setFieldValue). */
  setFieldsValue(values: Values) {
    this.values = { ...this.values, ...values };
    this.changed();
  }
  setFieldValue(name: string, value: unknown) {
    this.setFieldsValue({ [name]: value });
  }
  /** Shows (or clears, with null) a field's error. */
  setError(name: string, error: string | null) {
    if (error) this.errors.set(name, error);
    else this.errors.delete(name);
    this.changed();
  }

  private check(name: string): boolean {
    const registration = this.fields.get(name);
    let error: string | null = null;
    for (const rule of registration?.rules ?? []) {
      error = rule(this.values[name], this.values);
      if (error) break;
    }
    if (error) this.errors.set(name, error);
    else this.errors.delete(name);
    return !error;
  }

  /** Checks the named fields (every shown field without names); resolves with the values or rejects with a ValidationError. */
  async validateFields(names?: string[]): Promise<Values> {
    const list = names ?? [...this.fields.keys()];
    const wrong = list.filter((name) => {
      this.touched.add(name);
      return !this.check(name);
    });
    this.changed();
    if (wrong.length > 0) throw new ValidationError(wrong);
    return this.getFieldsValue();
  }
}

/** A form's store, made once per component (antd's Form.useForm). */
export function useForm(name: string, initial?: Values): FormStore {
  const [store] = useState(() => new FormStore(name, initial));
  return store;
}

const FormContext = createContext<FormStore | null>(null);

/** The store of the form around (antd's Form.useFormInstance). */
export function useFormStore(): FormStore {
  const store = useContext(FormContext);
  if (!store) throw new Error('a field outside a form');
  return store;
}

/** Re-renders with every change of the form's values or errors. */
function useFormVersion(store: FormStore) {
  useSyncExternalStore(store.subscribe, store.snapshot);
}

interface FormProps {
  form: FormStore;
  onFinish: (values: Values) => void;
  className?: string;
  children: ReactNode;
}

/**
 * A form: Enter or a submit button checks every field, focuses the first wrong one, or calls
 * onFinish with the values. The browser's own checks are off (the messages are the page's).
 */
export function Form({ form, onFinish, className, children }: FormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.validateFields().then(onFinish, (failure: unknown) => {
      if (!(failure instanceof ValidationError)) throw failure;
      const first = failure.fields[0];
      const element = first ? document.getElementById(form.idOf(first)) : null;
      element?.scrollIntoView?.({ block: 'center' });
      element?.focus();
    });
  };
  return (
    <FormContext value={form}>
      <form id={form.name} className={className} noValidate onSubmit={submit}>
        {children}
      </form>
    </FormContext>
  );
}

/** A stored value as text (what text inputs show). */
export const asText = (value: unknown): string => (typeof value === 'string' ? value : value == null ? '' : String(value));
export const asBool = (value: unknown): boolean => value === true;
export const asList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** What a field hands its control: its id, value, change handler and error state. */
export type FieldControl<T> = Required<Pick<ControlProps<T>, 'id' | 'onChange'>> & ControlProps<T>;

interface FieldProps<T> {
  name: string;
  /** The label above the control (none: the control labels itself, as a checkbox does). */
  label?: ReactNode;
  rules?: Rule[];
  /** Fields whose changes check this one again. */
  dependencies?: string[];
  /** The red mark of a required field (the rules decide; this only shows it). */
  required?: boolean;
  /** A hint under the control. */
  extra?: ReactNode;
  className?: string;
  /** Only the control and its error, without the item's margin (a field inside another item). */
  bare?: boolean;
  /** How the stored value reads for the control. */
  read: (value: unknown) => T;
  children: (control: FieldControl<T>) => ReactNode;
}

/** One form item: label, control, error and hint, by antd's Form.Item. */
export function Field<T>({
  name,
  label,
  rules = [],
  dependencies = [],
  required: mark,
  extra,
  className,
  bare,
  read,
  children,
}: FieldProps<T>) {
  const store = useFormStore();
  useFormVersion(store);
  // Registered on every render: the rules close over the page's current state.
  useEffect(() => store.register(name, { rules, dependencies }));
  const id = store.idOf(name);
  const error = store.getError(name);
  const help = `${id}_help`;
  const control = children({
    id,
    value: read(store.getFieldValue(name)),
    onChange: (value: T) => store.change(name, value),
    invalid: !!error,
    'aria-describedby': error || extra ? help : undefined,
  });
  const messages = (
    <div id={help} className="gh-item-help">
      {error && (
        <div role="alert" className="gh-danger">
          {error}
        </div>
      )}
      {!error && extra && <div className="gh-item-extra">{extra}</div>}
    </div>
  );
  if (bare)
    return (
      <>
        {control}
        {error && messages}
      </>
    );
  return (
    <Item label={label} htmlFor={id} required={mark} className={className}>
      {control}
      {messages}
    </Item>
  );
}

/** An item without a stored value (a box of controls with a label), in the form's spacing. */
export function Item({
  label,
  htmlFor,
  required: mark,
  className,
  children,
}: {
  label?: ReactNode;
  htmlFor?: string;
  required?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={['gh-item', className].filter(Boolean).join(' ')}>
      {label !== undefined && (
        <label htmlFor={htmlFor} className={['gh-item-label', mark && 'gh-item-required'].filter(Boolean).join(' ')}>
          {label}
        </label>
      )}
      {children}
    </div>
  );
}
