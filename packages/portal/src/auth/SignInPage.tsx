import { isRequestError, safeReturnTo } from '@client-portal/api-client';
import { Button } from '@client-portal/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useRouter, useSearch } from 'wouter';
import { queryKeys, usePortalData, useSession } from '../data/PortalData.js';
import { useI18n } from '../i18n/I18nProvider.js';
import { useLandmarkName, usePortal } from '../PortalContext.js';
import { loginUrlFor, portalPathOf } from './login-url.js';
import * as styles from './signIn.css.js';

/**
 * /auth/signin (no frame): the local sign-in form, or a single-sign-on button that starts the
 * host's OIDC flow. After sign-in the portal goes to `returnTo` (same-origin paths only), replacing
 * the sign-in page in the history so that Back does not return to it. A visitor who is already
 * signed in goes there at once.
 */
export function SignInPage() {
  const { t } = useI18n();
  const { signInMode, apiLoginUrl, onSignInRequired, landmarks, label } = usePortal();
  // The page's main content, or (landmarks: 'region') a region named after the portal.
  const region = landmarks === 'region';
  const Card = region ? 'section' : 'main';
  const search = useSearch();
  const returnTo = safeReturnTo(new URLSearchParams(search).get('returnTo') ?? undefined);
  useLeaveWhenSignedIn(returnTo);
  // Unique per portal: two portals on one page must not share ids.
  const titleId = `${useId()}-title`;
  return (
    <div className={styles.screen}>
      <Card
        className={styles.card}
        {...(region ? { 'aria-label': label ?? t('portal.label') } : { 'aria-labelledby': titleId })}
      >
        <span className={styles.logo} aria-hidden="true">
          S
        </span>
        <h1 id={titleId} className={styles.title}>
          {t('signIn.title')}
        </h1>
        <p className={styles.subtitle}>{t('signIn.subtitle')}</p>
        {signInMode === 'sso' ? (
          <Button
            fullWidth
            size="lg"
            onClick={() => {
              const target = loginUrlFor(apiLoginUrl, returnTo);
              if (onSignInRequired) onSignInRequired(target);
              else window.location.assign(target);
            }}
          >
            {t('signIn.sso')}
          </Button>
        ) : (
          <PasswordForm returnTo={returnTo} titleId={titleId} />
        )}
      </Card>
    </div>
  );
}

/** The sign-in page is no place for a signed-in user: on to `returnTo`. */
function useLeaveWhenSignedIn(returnTo: string) {
  const session = useSession();
  const [, navigate] = useLocation();
  const { base } = useRouter();
  const signedIn = session.data != null;
  useEffect(() => {
    if (signedIn) navigate(portalPathOf(returnTo, base), { replace: true });
  }, [signedIn, returnTo, base, navigate]);
}

function PasswordForm({ returnTo, titleId }: { returnTo: string; titleId: string }) {
  // The form is a landmark: named by the page's title, or (several portals on a page, region mode)
  // by the portal's name too, so that no two sign-in forms on one page share a name.
  const { landmarks } = usePortal();
  const scopedName = useLandmarkName('signIn.title');
  const { t } = useI18n();
  const { client } = usePortalData();
  const { analytics } = usePortal();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const { base } = useRouter();
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const signIn = useMutation({
    mutationFn: (input: { email: string; password: string }) => client.signIn({ ...input, returnTo }),
    onSuccess: (result) => {
      queryClient.setQueryData(queryKeys.session(), result.user);
      analytics.identify(result.user);
      navigate(portalPathOf(result.returnTo, base), { replace: true });
    },
    onError: (failure) => {
      const status = isRequestError(failure) ? failure.status : 0;
      setError(
        status === 401
          ? t('signIn.wrongCredentials')
          : status === 429
            ? t('signIn.tooMany')
            : t('signIn.failed'),
      );
      emailRef.current?.focus();
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending) return;
    const data = new FormData(event.currentTarget);
    const email = String(data.get('email') ?? '').trim();
    const password = String(data.get('password') ?? '');
    if (!email || !password) {
      setError(t('signIn.required'));
      (email ? passwordRef : emailRef).current?.focus();
      return;
    }
    setError(null);
    signIn.mutate({ email, password });
  };

  const errorId = `${id}-error`;
  const { demoSignIns } = usePortal();
  const submitRef = useRef<HTMLButtonElement>(null);
  /** Fills the form with a demo account; the visitor still presses "Sign in". */
  const fillDemo = (email: string) => {
    if (emailRef.current) emailRef.current.value = email;
    if (passwordRef.current && demoSignIns) passwordRef.current.value = demoSignIns.password;
    setError(null);
    submitRef.current?.focus();
  };
  return (
    <>
      <form
        className={styles.form}
        onSubmit={submit}
        noValidate
        {...(landmarks === 'region' ? { 'aria-label': scopedName } : { 'aria-labelledby': titleId })}
        aria-busy={signIn.isPending}
      >
        <div role="alert" id={errorId} className={error ? styles.error : styles.errorEmpty}>
          {error}
        </div>
        <label className={styles.field}>
          <span className={styles.label}>{t('signIn.email')}</span>
          <input
            ref={emailRef}
            className={styles.input}
            name="email"
            type="email"
            autoComplete="username"
            required
            maxLength={320}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </label>
        <label className={styles.field}>
          <span className={styles.label}>{t('signIn.password')}</span>
          <input
            ref={passwordRef}
            className={styles.input}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={1024}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </label>
        <Button ref={submitRef} type="submit" fullWidth size="lg" loading={signIn.isPending}>
          {signIn.isPending ? t('signIn.submitting') : t('signIn.submit')}
        </Button>
      </form>
      {demoSignIns && demoSignIns.accounts.length > 0 ? (
        <div className={styles.demo}>
          <h2 className={styles.demoTitle}>{t('signIn.demo.title')}</h2>
          <p className={styles.subtitle}>{t('signIn.demo.body', { password: demoSignIns.password })}</p>
          <ul className={styles.demoList}>
            {demoSignIns.accounts.map((account) => (
              <li key={account.email} className={styles.demoItem}>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-label={t('signIn.demo.use', { email: account.email })}
                  onClick={() => fillDemo(account.email)}
                >
                  {account.email}
                </Button>
                <span className={styles.subtitle}>{account.description}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
