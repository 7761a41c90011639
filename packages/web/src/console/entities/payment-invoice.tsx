import { DownloadOutlined, FileDoneOutlined } from '@ant-design/icons';
import { isSafeLink } from '@gatehouse/entities';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Form, Popconfirm } from 'antd';
import { useState } from 'react';
import { busyLoading } from '../../shared/components/busy';
import { type Rec, unwrap } from '../../shared/data/client';
import { textOf } from '../../shared/data/text';
import { useTranslation } from '../../shared/i18n/i18n';
import { errorText } from '../components/feedback';
import { recordKey } from '../crud/use-entity-form';
import { invoicePayment } from '../data/purchase';
import { invoiceFormProblem, invoiceMessageIsSuccess } from './business-rules';
import type { SectionExtraProps } from './ui-types';

/**
 * The invoice actions at the end of the payment's invoice section: while no invoice exists, Issue
 * invoice (after the invoice checks, in their order, on the details
 * as saved; a confirmation says it cannot be withdrawn or modified); afterwards the details are
 * locked and Download replaces it.
 */
export function PaymentInvoiceActions({ stored, disabled }: SectionExtraProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const form = Form.useFormInstance();
  const [busy, setBusy] = useState(false);
  const invoiceUrl = textOf(stored.invoiceUrl);
  const owner = textOf(stored.owner);
  const name = textOf(stored.name);

  if (invoiceUrl) {
    return (
      <Flex vertical gap={8}>
        <Alert type="success" showIcon title={t('payment.invoiceIssued')} />
        <div>
          <Button
            icon={<DownloadOutlined />}
            href={isSafeLink(invoiceUrl) ? invoiceUrl : undefined}
            target="_blank"
            rel="noreferrer"
          >
            {t('payment.downloadInvoice')}
          </Button>
        </div>
      </Flex>
    );
  }

  const issue = async () => {
    // The invoice is issued from the details as saved: unsaved edits are checked too, so that the
    // message names what the form shows.
    const problem = invoiceFormProblem(form.getFieldsValue(true) as Rec, stored);
    if (problem) {
      void message.error(t(`payment.invoiceProblem.${problem}`));
      return;
    }
    setBusy(true);
    try {
      unwrap(await invoicePayment(owner, name));
      void message.success(t('payment.successfullyInvoiced'));
      await queryClient.invalidateQueries({ queryKey: recordKey('payment', owner, name) });
    } catch (error) {
      const text = errorText(t, error);
      if (invoiceMessageIsSuccess(text)) void message.info(text);
      else void message.error(t('payment.failedToInvoice', { msg: text }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popconfirm title={t('payment.issueInvoiceConfirm')} onConfirm={() => void issue()} disabled={disabled || busy}>
      <Button type="primary" icon={<FileDoneOutlined />} disabled={disabled} loading={busyLoading(busy)}>
        {t('payment.issueInvoice')}
      </Button>
    </Popconfirm>
  );
}
