import { isAdmin } from '@gatehouse/entities';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Tooltip } from 'antd';
import { useState } from 'react';
import { setPassword } from '../../shared/data/account';
import { unwrap } from '../../shared/data/client';
import { useTranslation } from '../../shared/i18n/i18n';
import { useFeedback } from '../components/feedback';
import type { FieldControlProps } from './ui-types';

/**
 * The user's password field: a button opening the set-password dialog (the password itself is
 * write-only and never part of the form's save).
 */
export function SetPasswordField({ id, disabled, stored, viewer, label }: FieldControlProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const form = Form.useFormInstance();
  const typedName = Form.useWatch('name', form);
  // set-password addresses the user by its stored name: a rename must be saved first.
  const nameEdited = typedName !== undefined && typedName !== stored.name;
  const button = (
    <Button
      id={id}
      disabled={disabled || nameEdited}
      onClick={() => setOpen(true)}
      aria-label={`${label}: ${t('general.setPassword')}`}
    >
      {t('general.setPassword')}
    </Button>
  );
  return (
    <>
      {nameEdited ? <Tooltip title={t('general.saveNameFirst')}>{button}</Tooltip> : button}
      <SetPasswordModal
        open={open}
        owner={String(stored.owner)}
        name={String(stored.name)}
        // Admins set other users' passwords outright; whoever changes their own proves the old one
        // (when there is one), as the server asks.
        askOldPassword={
          !!stored.password && (!isAdmin(viewer) || (viewer?.owner === stored.owner && viewer?.name === stored.name))
        }
        onClose={() => setOpen(false)}
      />
    </>
  );
}

interface ModalProps {
  open: boolean;
  owner: string;
  name: string;
  askOldPassword: boolean;
  onClose: () => void;
}

function SetPasswordModal({ open, owner, name, askOldPassword, onClose }: ModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [rePassword, setRePassword] = useState('');
  const [busy, setBusy] = useState(false);
  const mismatch = rePassword !== '' && rePassword !== newPassword;
  // Typed passwords do not outlive the dialog.
  const clear = () => {
    setOldPassword('');
    setNewPassword('');
    setRePassword('');
  };

  const submit = async () => {
    if (newPassword === '' || rePassword === '') return void message.error(t('general.emptyInput'));
    if (newPassword !== rePassword) return void message.error(t('general.passwordsDoNotMatch'));
    setBusy(true);
    try {
      unwrap(await setPassword({ userOwner: owner, userName: name, oldPassword, newPassword }));
    } catch (error) {
      // The server's msg says what is wrong (old password, complexity options ...).
      feedback.error(error);
      return;
    } finally {
      setBusy(false);
    }
    feedback.success('general.passwordSet');
    // The record now says a password is set (and when it changed).
    void queryClient.invalidateQueries({ queryKey: ['record', 'user', owner, name] });
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('general.setPassword')}
      okText={t('general.ok')}
      cancelText={t('general.cancel')}
      onOk={submit}
      onCancel={onClose}
      afterClose={clear}
      confirmLoading={busy}
    >
      <Form layout="vertical" name="setPassword">
        {askOldPassword && (
          <Form.Item label={t('general.oldPassword')} htmlFor="setPassword_old">
            <Input.Password
              id="setPassword_old"
              autoComplete="current-password"
              value={oldPassword}
              onChange={(e) => setOldPassword(e.target.value)}
              onPressEnter={() => void submit()}
            />
          </Form.Item>
        )}
        <Form.Item label={t('general.newPassword')} htmlFor="setPassword_new">
          <Input.Password
            id="setPassword_new"
            autoComplete="new-password"
            value={newPassword}
            onChange={(e) => setNewPassword(e.target.value)}
            onPressEnter={() => void submit()}
          />
        </Form.Item>
        <Form.Item
          label={t('general.reEnterPassword')}
          htmlFor="setPassword_confirm"
          validateStatus={mismatch ? 'error' : undefined}
          help={mismatch ? t('general.confirmPasswordInconsistent') : undefined}
        >
          <Input.Password
            id="setPassword_confirm"
            autoComplete="new-password"
            value={rePassword}
            onChange={(e) => setRePassword(e.target.value)}
            onPressEnter={() => void submit()}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
