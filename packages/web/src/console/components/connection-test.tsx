import type { Envelope } from '@gatehouse/entities/plain';
import { App, Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/i18n';
import { errorText } from './feedback';

interface Props {
  /** i18n keys: the row's title, the button, the success and the failure ('… {{msg}}') messages. */
  title: string;
  button: string;
  success: string;
  failure: string;
  /** An i18n key of a line beside the button. */
  hint?: string;
  /** The call that connects; its error envelope's msg goes into the failure message. */
  test: () => Promise<Envelope<unknown>>;
}

/** A Test DB Connection row (adapters, syncers): the button, busy while it runs, and its outcome as a toast. */
export function ConnectionTest({ title, button, success, failure, hint, test }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const answer = await test();
      if (answer.status === 'ok') void message.success(t(success));
      else void message.error(t(failure, { msg: answer.msg }));
    } catch (error) {
      void message.error(errorText(t, error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex gap={12} align="center" wrap style={{ marginTop: 8, marginBottom: 24 }}>
      <Typography.Text strong>{t(title)}</Typography.Text>
      <Button type="primary" loading={busy} onClick={() => void run()}>
        {t(button)}
      </Button>
      {hint && <Typography.Text type="secondary">{t(hint)}</Typography.Text>}
    </Flex>
  );
}
