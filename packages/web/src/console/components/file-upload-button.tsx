import { UploadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { type ChangeEvent, useRef, useState } from 'react';
import { busyLoading } from '../../shared/components/busy';
import { NetworkError } from '../../shared/data/client';
import { useTranslation } from '../../shared/i18n/i18n';
import { useFeedback } from './feedback';

interface Props {
  /** The file picker's filter (".xlsx", ".html,text/html" ...). */
  accept: string;
  /** The button's text (translated), and its accessible name when that says more. */
  label: string;
  ariaLabel?: string;
  disabled?: boolean;
  /** Whether a chosen file may be sent; others are refused with `rejectedKey` before anything is sent. */
  accepts: (file: File) => boolean;
  rejectedKey: string;
  /** Sends the file through the data provider; its failure is shown with `failureKey` ("... {{msg}}"). */
  upload: (file: File) => Promise<void>;
  failureKey: string;
  /** What a transport failure shows instead of the network error ('File failed to upload'). */
  transportFailureKey?: string;
}

/**
 * A button that picks one file and sends it (the list uploads, the terms of use): files of another
 * kind are refused at once, the button is busy while the upload runs, a failure shows the
 * server's message. The upload goes through the data provider; the file comes from a hidden file
 * input (antd's Upload, with its lists and progress bars, would add about 15 kB gzip to the lists).
 */
export function FileUploadButton({
  accept,
  label,
  ariaLabel,
  disabled = false,
  accepts,
  rejectedKey,
  upload,
  failureKey,
  transportFailureKey,
}: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const feedback = useFeedback();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const send = async (file: File) => {
    setBusy(true);
    try {
      await upload(file);
    } catch (error) {
      if (transportFailureKey && error instanceof NetworkError) void message.error(t(transportFailureKey));
      else feedback.failure(failureKey, error);
    } finally {
      setBusy(false);
    }
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Emptied, so that choosing the same file again is a change too.
    event.target.value = '';
    if (!file) return;
    if (accepts(file)) void send(file);
    else void message.error(t(rejectedKey));
  };

  return (
    <span>
      <input ref={input} type="file" accept={accept} hidden disabled={disabled || busy} onChange={onChange} />
      <Button
        icon={<UploadOutlined aria-hidden />}
        disabled={disabled}
        loading={busyLoading(busy)}
        aria-label={ariaLabel}
        onClick={() => input.current?.click()}
      >
        {label}
      </Button>
    </span>
  );
}
