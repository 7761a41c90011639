import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { busyLoading } from '../../shared/components/busy';
import { addUserKeys } from '../../shared/data/account';
import { unwrap } from '../../shared/data/client';
import { useTranslation } from '../../shared/i18n/i18n';
import { useFeedback } from '../components/feedback';
import type { SectionExtraProps } from './ui-types';

/**
 * The user's API key pair: shown read-only (the secret only to those who may edit the user, the
 * server masks it otherwise), generated or renewed by the server on a click.
 */
export function UserKeys({ stored, disabled }: SectionExtraProps) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const owner = String(stored.owner);
  const name = String(stored.name);
  const accessKey = typeof stored.accessKey === 'string' ? stored.accessKey : '';
  const accessSecret = typeof stored.accessSecret === 'string' ? stored.accessSecret : '';

  const generate = async () => {
    setBusy(true);
    try {
      unwrap(await addUserKeys({ owner, name }));
    } catch (error) {
      feedback.failure('general.failedToAdd', error);
      return;
    } finally {
      setBusy(false);
    }
    feedback.success('general.successfullyAdded');
    await queryClient.invalidateQueries({ queryKey: ['record', 'user', owner, name] });
  };

  return (
    <Form.Item label={t('user.apiKey')}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Input addonBefore={t('user.accessKey')} value={accessKey} readOnly aria-label={t('user.accessKey')} />
        <Input addonBefore={t('user.accessSecret')} value={accessSecret} readOnly aria-label={t('user.accessSecret')} />
        <Button onClick={() => void generate()} disabled={disabled} loading={busyLoading(busy)}>
          {accessKey ? t('user.renewKeys') : t('user.addKeys')}
        </Button>
      </Space>
    </Form.Item>
  );
}
