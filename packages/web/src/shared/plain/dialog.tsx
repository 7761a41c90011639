import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from '../i18n/i18n';
import { Button } from './button';
import './dialog.css';

interface Props {
  title: ReactNode;
  /** OK's text (default: OK). */
  okText?: string;
  cancelText?: string;
  okDisabled?: boolean;
  onOk: () => void;
  /** Cancel, Escape and the close: the dialog is closed by its owner. */
  onCancel: () => void;
  width?: number;
  children: ReactNode;
}

/**
 * A modal dialog (the browser's <dialog>: the page behind is inert, Escape cancels, the focus
 * returns where it was), open while it is rendered.
 */
export function Dialog({ title, okText, cancelText, okDisabled, onOk, onCancel, width, children }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const cancel = useRef(onCancel);
  cancel.current = onCancel;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    const onEscape = (event: Event) => {
      event.preventDefault();
      cancel.current();
    };
    dialog.addEventListener('cancel', onEscape);
    return () => {
      dialog.removeEventListener('cancel', onEscape);
      dialog.close();
      returnTo?.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="gh-dialog gh-scope"
      aria-labelledby={titleId}
      style={width ? { width: `min(${width}px, calc(100vw - 32px))` } : undefined}
    >
      <h2 id={titleId} className="gh-dialog-title">
        {title}
      </h2>
      {children}
      <div className="gh-dialog-footer">
        <Button onClick={onCancel}>{cancelText ?? t('general.cancel')}</Button>
        <Button variant="primary" disabled={okDisabled} onClick={onOk}>
          {okText ?? t('general.ok')}
        </Button>
      </div>
    </dialog>
  );
}
