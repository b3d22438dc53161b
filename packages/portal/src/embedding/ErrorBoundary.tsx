import { ErrorState } from '@client-portal/ui';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useI18n } from '../i18n/I18nProvider.js';
import { usePortal } from '../PortalContext.js';
import * as styles from './ErrorBoundary.css.js';

interface BoundaryProps {
  /** Names the boundary in `onError` (e.g. 'page:/dashboard', 'frame:navigation'). */
  where: string;
  children: ReactNode;
  fallback: (retry: () => void) => ReactNode;
  onError?: ((error: unknown, where: string) => void) | undefined;
  onReset?: () => void;
  /** A change of this value clears a caught error (e.g. the route). */
  resetKey?: unknown;
}

class Boundary extends Component<BoundaryProps, { error: unknown; key: unknown }> {
  override state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; key: unknown }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo) {
    this.props.onError?.(error, this.props.where);
  }

  retry = () => {
    this.props.onReset?.();
    this.setState({ error: null });
  };

  override render() {
    return this.state.error ? this.props.fallback(this.retry) : this.props.children;
  }
}

/**
 * Keeps a failure inside the part that failed (one failure never blanks the whole portal): the
 * part shows an error with a retry, which also resets its failed queries.
 */
export function ErrorBoundary({
  where,
  children,
  resetKey,
  compact = false,
}: {
  where: string;
  children: ReactNode;
  resetKey?: unknown;
  compact?: boolean;
}) {
  const { t } = useI18n();
  const { onError } = usePortal();
  const { reset } = useQueryErrorResetBoundary();
  return (
    <Boundary
      where={where}
      onError={onError}
      onReset={reset}
      resetKey={resetKey}
      fallback={(retry) => (
        <div className={compact ? styles.part : styles.page}>
          <ErrorState
            title={t('state.error.title')}
            message={t('state.error.body')}
            labels={{ retry: t('state.retry') }}
            onRetry={retry}
            {...(compact ? { size: 'sm' as const } : {})}
          />
        </div>
      )}
    >
      {children}
    </Boundary>
  );
}
