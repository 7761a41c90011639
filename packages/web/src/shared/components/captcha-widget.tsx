import ReloadOutlined from '@ant-design/icons-svg/es/asn/ReloadOutlined';
import { useEffect, useRef, useState } from 'react';
import { type CaptchaInfo, getCaptchaChallenge } from '../data/account';
import { unwrap } from '../data/client';
import { useTranslation } from '../i18n/i18n';
import { Button } from '../plain/button';
import { Dialog } from '../plain/dialog';
import { Alert, Skeleton } from '../plain/feedback';
import { Icon } from '../plain/icon';
import { Input } from '../plain/input';
import type { CaptchaValue } from './captcha-rule';
import { errorText } from './error-text';

/**
 * The captcha of an application (or of a captcha provider itself, for its preview), loaded only by
 * the pages that show one: the built-in image captcha (the picture, a button for another one and an
 * input for the characters) or a vendor's widget, whose script is fetched only then. Each answer is
 * reported through onChange in Casdoor's sign-in fields (null while there is none).
 */

export interface CaptchaWidgetProps {
  /** admin/<application>, or <owner>/<provider> with isCurrentProvider. */
  applicationId: string;
  /** Show the provider `applicationId` names itself (the provider page's preview; administrators). */
  isCurrentProvider?: boolean;
  onChange?: (value: CaptchaValue | null) => void;
  /** The application has no captcha after all (get-captcha answered type none). */
  onNone?: () => void;
  /** Enter in the answer input. */
  onPressEnter?: () => void;
  autoFocus?: boolean;
  /** The id of the answer input (a form item's label points at it). */
  id?: string;
}

type Vendor = { script: (siteKey: string) => string; api: string };

/** The vendors' scripts (their documented explicit-rendering addresses) and the global each defines. */
const VENDORS: Record<string, Vendor> = {
  'reCAPTCHA v2': { script: () => 'https://www.google.com/recaptcha/api.js?render=explicit', api: 'grecaptcha' },
  'reCAPTCHA v3': {
    script: (siteKey) => `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`,
    api: 'grecaptcha',
  },
  hCaptcha: { script: () => 'https://js.hcaptcha.com/1/api.js?render=explicit', api: 'hcaptcha' },
  'Cloudflare Turnstile': {
    script: () => 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    api: 'turnstile',
  },
};

interface VendorApi {
  render?: (element: HTMLElement, options: Record<string, unknown>) => unknown;
  remove?: (id: unknown) => void;
  reset?: (id: unknown) => void;
  ready?: (callback: () => void) => void;
  execute?: (siteKey: string, options: { action: string }) => Promise<string>;
}

const scripts = new Map<string, Promise<void>>();

/** Adds a vendor's script to the page once; a failed load may be tried again. */
function loadScript(src: string): Promise<void> {
  let loading = scripts.get(src);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const tag = document.createElement('script');
      tag.src = src;
      tag.async = true;
      tag.onload = () => resolve();
      tag.onerror = () => {
        tag.remove();
        scripts.delete(src);
        reject(new Error(`cannot load ${src}`));
      };
      document.head.appendChild(tag);
    });
    scripts.set(src, loading);
  }
  return loading;
}

/** The vendor's API once its script has set it up (scripts finish their set-up after loading). */
async function vendorApi(name: string, usable: (api: VendorApi) => boolean): Promise<VendorApi> {
  for (let i = 0; i < 100; i++) {
    const api = (window as unknown as Record<string, VendorApi | undefined>)[name];
    if (api && usable(api)) return api;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} did not start`);
}

function RemoteCaptcha({ type, siteKey, onToken }: { type: string; siteKey: string; onToken: (token: string | null) => void }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const emit = useRef(onToken);
  emit.current = onToken;
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` (Retry) loads the widget again.
  useEffect(() => {
    const vendor = VENDORS[type] as Vendor;
    let cancelled = false;
    let api: VendorApi | undefined;
    let widget: unknown;
    setFailed(false);
    const invisible = type === 'reCAPTCHA v3';
    loadScript(vendor.script(siteKey))
      .then(() => vendorApi(vendor.api, (a) => (invisible ? !!a.ready && !!a.execute : !!a.render)))
      .then((found) => {
        api = found;
        if (cancelled || !box.current) return;
        if (invisible) {
          // reCAPTCHA v3 asks nothing: it scores the visit and hands over a token.
          found.ready?.(() => {
            void found.execute?.(siteKey, { action: 'login' }).then((token) => !cancelled && emit.current(token));
          });
          return;
        }
        widget = found.render?.(box.current, {
          sitekey: siteKey,
          callback: (token: string) => emit.current(token),
          'expired-callback': () => emit.current(null),
          'error-callback': () => emit.current(null),
        });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      try {
        if (widget !== undefined) (api?.remove ?? api?.reset)?.(widget);
      } catch {
        // The widget went with its element.
      }
    };
  }, [type, siteKey, attempt]);

  if (failed) {
    return (
      <Alert
        type="error"
        title={t('captcha.loadFailed')}
        action={
          <Button size="small" onClick={() => setAttempt((n) => n + 1)}>
            {t('general.retry')}
          </Button>
        }
      />
    );
  }
  return <div ref={box} className="captcha-widget" data-captcha-type={type} />;
}

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; info: CaptchaInfo };

export function CaptchaWidget({
  applicationId,
  isCurrentProvider,
  onChange,
  onNone,
  onPressEnter,
  autoFocus,
  id,
}: CaptchaWidgetProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [answer, setAnswer] = useState('');
  const [draw, setDraw] = useState(0);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  // Only changes are reported: a first "no answer" would flag an untouched form item.
  const reported = useRef<CaptchaValue | null>(null);
  const emit = useRef((value: CaptchaValue | null) => {
    if (value === null && reported.current === null) return;
    reported.current = value;
    onChangeRef.current?.(value);
  });
  const none = useRef(onNone);
  none.current = onNone;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `draw` (another image, Retry) asks for a new challenge.
  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    setAnswer('');
    emit.current(null);
    getCaptchaChallenge(applicationId, isCurrentProvider)
      .then((envelope) => {
        if (cancelled) return;
        const info = unwrap(envelope).data ?? { type: 'none' };
        setState({ status: 'ready', info });
        if (info.type === 'none') none.current?.();
      })
      .catch((failure: unknown) => {
        if (!cancelled) setState({ status: 'error', message: errorText(t, failure) });
      });
    return () => {
      cancelled = true;
    };
  }, [applicationId, isCurrentProvider, draw, t]);

  if (state.status === 'loading')
    return (
      <div style={{ width: 180 }}>
        <Skeleton rows={2} />
      </div>
    );
  if (state.status === 'error') {
    return (
      <Alert
        type="error"
        title={state.message}
        action={
          <Button size="small" onClick={() => setDraw((n) => n + 1)}>
            {t('general.retry')}
          </Button>
        }
      />
    );
  }
  const { info } = state;
  if (info.type === 'none') return null;
  if (info.type === 'Default') {
    const captchaId = info.captchaId ?? '';
    return (
      <div className="captcha-default gh-col" style={{ gap: 8 }}>
        <div className="gh-row" style={{ flexWrap: 'nowrap' }}>
          <img
            className="captcha-image"
            src={`data:image/png;base64,${info.captchaImage ?? ''}`}
            alt={t('captcha.imageAlt')}
            width={180}
            height={60}
            style={{ borderRadius: 4, maxWidth: '100%', height: 'auto' }}
          />
          <Button
            icon={<Icon icon={ReloadOutlined} />}
            aria-label={t('captcha.refresh')}
            title={t('captcha.refresh')}
            onClick={() => setDraw((n) => n + 1)}
          />
        </div>
        <Input
          id={id}
          className="captcha-input"
          aria-label={t('captcha.answer')}
          placeholder={t('captcha.placeholder')}
          value={answer}
          maxLength={10}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          autoFocus={autoFocus}
          onPressEnter={onPressEnter}
          onChange={(typed) => {
            setAnswer(typed);
            emit.current(typed.trim() ? { captchaType: 'Default', captchaToken: typed.trim(), clientSecret: captchaId } : null);
          }}
        />
      </div>
    );
  }
  if (VENDORS[info.type] && info.clientId) {
    return (
      <RemoteCaptcha
        key={draw}
        type={info.type}
        siteKey={info.clientId}
        onToken={(token) => emit.current(token ? { captchaType: info.type, captchaToken: token, clientSecret: '***' } : null)}
      />
    );
  }
  return <Alert type="warning" title={t('captcha.unsupported', { type: info.type })} />;
}

interface CaptchaModalProps {
  applicationId: string;
  /** The solved captcha: the sign-in goes on with it. */
  onOk: (value: CaptchaValue) => void;
  onCancel: () => void;
  onNone?: () => void;
}

/** The captcha in a dialog (the Captcha sign-in item's "pop up" rule): OK once it is solved. */
export function CaptchaModal({ applicationId, onOk, onCancel, onNone }: CaptchaModalProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState<CaptchaValue | null>(null);
  const latest = useRef(value);
  latest.current = value;
  const confirm = () => {
    if (latest.current) onOk(latest.current);
  };
  return (
    <Dialog title={t('captcha.title')} okDisabled={!value} onOk={confirm} onCancel={onCancel} width={360}>
      <CaptchaWidget applicationId={applicationId} onChange={setValue} onNone={onNone} onPressEnter={confirm} autoFocus />
    </Dialog>
  );
}
