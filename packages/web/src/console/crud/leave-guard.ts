import { App } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';
import { useTranslation } from '../../shared/i18n/i18n';

/**
 * Asks before leaving a page with changes not saved: a link, the menu, Back or another navigation
 * inside the console shows a confirmation (Leave / Stay); closing or reloading the tab, the
 * browser's own question. `isDirty` is read when the person leaves, so that a save that just
 * succeeded (and navigates at once) is never asked about; `release` lets one navigation through
 * (Cancel of an Add page, which deletes the record and goes to the list).
 */
export function useLeaveGuard(isDirty: () => boolean): { release: () => void } {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const dirty = useRef(isDirty);
  dirty.current = isDirty;
  const released = useRef(false);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      !released.current && currentLocation.pathname !== nextLocation.pathname && dirty.current(),
    [],
  );
  const blocker = useBlocker(shouldBlock);

  // The blocker is a new object on every render: the question is asked once per blocked navigation.
  const current = useRef(blocker);
  current.current = blocker;
  const blocked = blocker.state === 'blocked';
  useEffect(() => {
    if (!blocked) return;
    const asked = modal.confirm({
      title: t('general.leaveUnsavedTitle'),
      content: t('general.leaveUnsavedContent'),
      okText: t('general.leave'),
      cancelText: t('general.stay'),
      onOk: () => current.current.proceed?.(),
      onCancel: () => current.current.reset?.(),
    });
    return () => asked.destroy();
  }, [blocked, modal, t]);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (released.current || !dirty.current()) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  const release = () => {
    released.current = true;
  };
  return { release };
}
