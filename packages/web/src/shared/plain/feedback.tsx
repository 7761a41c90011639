import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import InfoCircleFilled from '@ant-design/icons-svg/es/asn/InfoCircleFilled';
import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import type { IconDefinition } from '@ant-design/icons-svg/lib/types';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from '../i18n/i18n';
import { Icon } from './icon';
import './feedback.css';

export type Tone = 'success' | 'info' | 'warning' | 'error';

export const TONE_ICONS: Record<Tone, IconDefinition> = {
  success: CheckCircleFilled,
  info: InfoCircleFilled,
  warning: ExclamationCircleFilled,
  error: CloseCircleFilled,
};

/**
 * A message in a coloured box (antd's Alert with showIcon), announced as an alert (as antd's is)
 * unless it is a notice that reads as a status (`role="status"`).
 */
export function Alert({
  type,
  title,
  description,
  action,
  role,
  className,
  style,
}: {
  type: Tone;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  role?: 'alert' | 'status';
  className?: string;
  style?: CSSProperties;
}) {
  return (
    <div role={role ?? 'alert'} className={['gh-alert', `gh-alert-${type}`, className].filter(Boolean).join(' ')} style={style}>
      <Icon icon={TONE_ICONS[type]} />
      <div className="gh-alert-body">
        <div>{title}</div>
        {description && <div className="gh-alert-description">{description}</div>}
      </div>
      {action}
    </div>
  );
}

/** The grey bars of content still loading (antd's Skeleton). */
export function Skeleton({ rows = 3 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <div className="gh-skeleton" role="status" aria-label={t('general.loading')}>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the bars are all alike.
        <span key={index} />
      ))}
    </div>
  );
}

/** The loading state of a whole page or screen. */
export function PageSpin() {
  const { t } = useTranslation();
  return (
    <div className="gh-spin" role="status" aria-label={t('general.loading')}>
      <Icon icon={LoadingOutlined} spin />
    </div>
  );
}

/**
 * The outcome of a page (antd's Result): an icon by its status (or `icon`), the title (give an
 * h1 for a page's only heading), a line under it and what to do next.
 */
export function Result({
  status = 'info',
  icon,
  title,
  subTitle,
  extra,
}: {
  status?: Tone;
  icon?: ReactNode;
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <div className={`gh-result gh-result-${status}`}>
      <div className="gh-result-icon">{icon ?? <Icon icon={TONE_ICONS[status]} />}</div>
      <div className="gh-result-title">{title}</div>
      {subTitle && <div className="gh-result-subtitle">{subTitle}</div>}
      {extra && <div className="gh-result-extra">{extra}</div>}
    </div>
  );
}

/** The spinning icon of work in progress (a Result's icon while a page is on its way). */
export function Spinning() {
  return <Icon icon={LoadingOutlined} spin style={{ color: 'var(--gh-primary)' }} />;
}
