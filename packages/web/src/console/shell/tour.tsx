import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Tooltip, type TourProps } from 'antd';
import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../shared/i18n/i18n';
import { nextTourPage } from './tour-pages';

// antd's Tour loads when a tour is first opened (most visits never open one).
const TourPanel = lazy(() => import('antd/es/tour'));

/**
 * The onboarding tour (desktop only). A page that has a tour registers its steps while mounted;
 * the header's tour button starts it; finishing it moves on to the next page of the tour and opens
 * that page's tour too ("continued").
 */
export interface PageTourStep {
  title: string;
  description: string;
  target: () => HTMLElement | null;
}

interface TourState {
  steps: PageTourStep[] | null;
  setSteps: (steps: PageTourStep[] | null) => void;
  open: boolean;
  setOpen: (open: boolean) => void;
}

const TourContext = createContext<TourState | null>(null);
/** Set when a finished tour moved on, so the next page opens its tour by itself. */
const CONTINUE_KEY = 'tourContinue';

export function TourProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [steps, setSteps] = useState<PageTourStep[] | null>(null);
  const [open, setShown] = useState(false);
  // Once opened the tour stays mounted, so that it closes with its animation.
  const [opened, setOpened] = useState(false);
  const setOpen = useCallback((next: boolean) => {
    if (next) setOpened(true);
    setShown(next);
  }, []);

  useEffect(() => {
    if (!enabled || !steps || sessionStorage.getItem(CONTINUE_KEY) !== pathname) return;
    sessionStorage.removeItem(CONTINUE_KEY);
    setOpen(true);
  }, [enabled, steps, pathname, setOpen]);

  const finish = () => {
    setOpen(false);
    const next = nextTourPage(pathname);
    if (!next) return;
    sessionStorage.setItem(CONTINUE_KEY, next);
    void navigate(next);
  };

  const tourSteps: TourProps['steps'] = (steps ?? []).map((step) => ({
    title: step.title,
    description: step.description,
    // antd wants a function returning an element; a step whose element is gone is shown centred.
    target: () => step.target() as HTMLElement,
  }));
  const state = useMemo(() => ({ steps, setSteps, open, setOpen }), [steps, open, setOpen]);
  return (
    <TourContext.Provider value={state}>
      {children}
      {enabled && steps && opened && (
        <Suspense fallback={null}>
          <TourPanel
            open={open}
            steps={tourSteps}
            onClose={() => setOpen(false)}
            onFinish={finish}
            indicatorsRender={(current, total) => t('tour.progress', { current: current + 1, total })}
          />
        </Suspense>
      )}
    </TourContext.Provider>
  );
}

/** Offers `steps` as this page's tour while the page is mounted. */
export function usePageTour(steps: PageTourStep[] | null) {
  const setSteps = useContext(TourContext)?.setSteps;
  const register = useCallback((next: PageTourStep[] | null) => setSteps?.(next), [setSteps]);
  useEffect(() => {
    register(steps);
    return () => register(null);
  }, [register, steps]);
}

/** The header widget: starts the current page's tour; disabled where the page has none. */
export function TourButton() {
  const { t } = useTranslation();
  const state = useContext(TourContext);
  const available = !!state?.steps?.length;
  const label = available ? t('tour.start') : t('tour.none');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={label}
        icon={<QuestionCircleOutlined aria-hidden />}
        disabled={!available}
        onClick={() => state?.setOpen(true)}
      />
    </Tooltip>
  );
}
