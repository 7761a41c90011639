import { user as userDef } from '@gatehouse/entities';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { SendCodeInput } from '../../shared/components/send-code-input';
import { resetEmailOrPhone } from '../../shared/data/account';
import { type Rec, unwrap } from '../../shared/data/client';
import { getUserApplication } from '../../shared/data/signin-flows';
import { useTranslation } from '../../shared/i18n/i18n';
import { ACCOUNT_KEY } from '../auth/account';
import { useFeedback } from '../components/feedback';
import { recordKey } from '../crud/use-entity-form';
import { getOne } from '../data/entities';
import type { FieldControlProps } from './ui-types';

/**
 * The e-mail and phone fields of the user page and the account page: the
 * address itself, which only administrators may type in, and for the user themself a "Reset email"
 * / "Reset phone" dialog (Casdoor's ResetModal): the new address, a code sent to it (method reset,
 * through the providers of the user's application), then OK changes it (reset-email-or-phone).
 */

type AddressType = 'email' | 'phone';

const KEYS: Record<AddressType, { button: string; label: string; placeholder: string; empty: string }> = {
  email: {
    button: 'resetAddress.resetEmail',
    label: 'resetAddress.newEmail',
    placeholder: 'resetAddress.emailPlaceholder',
    empty: 'resetAddress.emailEmpty',
  },
  phone: {
    button: 'resetAddress.resetPhone',
    label: 'resetAddress.newPhone',
    placeholder: 'resetAddress.phonePlaceholder',
    empty: 'resetAddress.phoneEmpty',
  },
};

function AddressField({ type, id, value, onChange, disabled, stored, viewer }: FieldControlProps & { type: AddressType }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const self = !!viewer && viewer.owner === stored.owner && viewer.name === stored.name;
  const text = typeof value === 'string' ? value : '';
  const input = (
    <Input
      id={id}
      value={text}
      onChange={(event) => onChange?.(event.target.value)}
      disabled={disabled}
      inputMode={type === 'email' ? 'email' : 'tel'}
      autoComplete="off"
    />
  );
  // Only the user themself proves a new address with a code.
  if (!self) return input;
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        {input}
        <Button onClick={() => setOpen(true)}>{t(KEYS[type].button)}</Button>
      </Space.Compact>
      {open && <ResetAddressModal type={type} stored={stored} onClose={() => setOpen(false)} />}
    </>
  );
}

export function EmailField(props: FieldControlProps) {
  return <AddressField {...props} type="email" />;
}

export function PhoneField(props: FieldControlProps) {
  return <AddressField {...props} type="phone" />;
}

function ResetAddressModal({ type, stored, onClose }: { type: AddressType; stored: Rec; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const form = Form.useFormInstance();
  const owner = String(stored.owner);
  const name = String(stored.name);
  const [dest, setDest] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const keys = KEYS[type];

  // The user's application sends the code (its Email or SMS provider for "reset", its captcha rule).
  const application = useQuery({
    queryKey: ['userApplication', owner, name],
    queryFn: async () => unwrap(await getUserApplication(owner, name)).data ?? null,
    staleTime: 60_000,
  });
  const organization = (application.data?.organizationObj ?? {}) as Rec;
  const countryCodes = Array.isArray(organization.countryCodes) ? organization.countryCodes.map(String) : [];
  const [countryCode, setCountryCode] = useState(() => String(stored.countryCode ?? '') || countryCodes[0] || '');
  const region = countryCode || countryCodes[0] || '';

  const destInput = (
    <Input
      id="resetAddress_dest"
      value={dest}
      onChange={(event) => setDest(event.target.value)}
      placeholder={t(keys.placeholder)}
      inputMode={type === 'email' ? 'email' : 'tel'}
      autoComplete={type === 'email' ? 'email' : 'tel-national'}
      autoFocus
    />
  );

  const submit = async () => {
    if (dest.trim() === '') return void message.error(t(keys.empty));
    if (code.trim() === '') return void message.error(t('resetAddress.codeEmpty'));
    setBusy(true);
    try {
      unwrap(
        await resetEmailOrPhone({
          type,
          dest: dest.trim(),
          code: code.trim(),
          ...(type === 'phone' ? { countryCode: region } : {}),
        }),
      );
    } catch (error) {
      feedback.error(error);
      return;
    } finally {
      setBusy(false);
    }
    feedback.success('resetAddress.done');
    // The page shows the stored address now, and a later Save keeps it.
    const saved = await getOne(userDef, owner, name).catch(() => null);
    if (saved?.status === 'ok' && saved.data) {
      queryClient.setQueryData(recordKey(userDef.name, owner, name), saved.data);
      const changed = type === 'email' ? ['email', 'emailVerified'] : ['phone', 'countryCode'];
      form.setFieldsValue(Object.fromEntries(changed.map((field) => [field, saved.data?.[field]])));
    }
    void queryClient.invalidateQueries({ queryKey: ACCOUNT_KEY });
    onClose();
  };

  return (
    <Modal
      open
      title={t(keys.button)}
      okText={t('general.ok')}
      cancelText={t('general.cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={busy}
      maskClosable={false}
    >
      <Form layout="vertical" name="resetAddress" component="div">
        <Form.Item label={t(keys.label)} htmlFor="resetAddress_dest">
          {type === 'phone' && countryCodes.length > 0 ? (
            <Space.Compact style={{ width: '100%' }}>
              <Select
                aria-label={t('signup.countryCode')}
                value={region || undefined}
                onChange={setCountryCode}
                options={countryCodes.map((code) => ({ value: code, label: code }))}
                style={{ width: 96, flexShrink: 0 }}
              />
              {destInput}
            </Space.Compact>
          ) : (
            destInput
          )}
        </Form.Item>
        <Form.Item label={t('code.label')} htmlFor="resetAddress_code">
          <SendCodeInput
            id="resetAddress_code"
            value={code}
            onChange={setCode}
            app={application.data}
            method="reset"
            target={async () => {
              // The application (its providers) is loaded with the dialog.
              if (!application.data) return null;
              if (dest.trim() === '') {
                void message.error(t(keys.empty));
                return null;
              }
              return { dest: dest.trim(), type, ...(type === 'phone' ? { countryCode: region } : {}) };
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
