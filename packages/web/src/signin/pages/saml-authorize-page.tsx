import { useMemo, useRef, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { ResultTitle } from '../../shared/components/result-title';
import { type Rec, unwrap } from '../../shared/data/client';
import { getAppLogin, samlLogin } from '../../shared/data/signin-flows';
import { useTranslation } from '../../shared/i18n/i18n';
import { Button } from '../../shared/plain/button';
import { Result, Spinning } from '../../shared/plain/feedback';
import { ProtocolSignin } from '../components/protocol-signin';
import { PublicResultLayout } from '../components/public-result-layout';
import { type SamlDelivery, samlAppLoginQuery, samlDelivery, samlRequestOf, samlTargetOf } from '../components/saml-request';

/**
 * The SAML 2.0 sign-in page (/login/saml/authorize/{owner}/{application}), where the IdP's SSO
 * endpoint sends browsers (Casdoor: web/src/auth/LoginPage.js, type saml). The AuthnRequest is
 * checked by get-app-login type=saml first (an invalid one is shown, never answered); signing in
 * (POST /api/login type=saml) answers the signed SAMLResponse, which goes to the SP's assertion
 * consumer service: posted by an auto-submitting form (HTTP-POST), or in the URL otherwise. A
 * signed-in user continues as themselves unless the SP asked for ForceAuthn.
 */
export default function SamlAuthorizePage() {
  const params = useParams();
  const location = useLocation();
  const [delivery, setDelivery] = useState<{ to: SamlDelivery & { method: 'POST' }; app: Rec } | null>(null);
  const request = useMemo(
    () => samlRequestOf(params.owner ?? '', params.application ?? '', location.search),
    [params.owner, params.application, location.search],
  );

  if (delivery) return <PostToServiceProvider delivery={delivery.to} app={delivery.app} />;
  return (
    <ProtocolSignin
      requestKey={['saml', request]}
      loadApplication={async () => unwrap(await getAppLogin(samlAppLoginQuery(request))).data as Rec}
      signIn={async (app, values, settle) => {
        const envelope = await settle(
          unwrap(
            await samlLogin(request.params, { application: String(app.name), organization: String(app.organization), ...values }),
          ),
        );
        if (!envelope) return null;
        const target = samlTargetOf(envelope.data2);
        if (!target) throw new Error('The sign-in answered no assertion consumer service');
        return { app, to: samlDelivery(String(envelope.data), target, request) };
      }}
      onSignedIn={(answer) => {
        const { app, to } = answer as { app: Rec; to: SamlDelivery };
        if (to.method === 'POST') setDelivery({ to, app });
        else window.location.assign(to.url);
      }}
      forceLogin={request.forceAuthn}
      providerSignin={(app) => ({
        type: 'saml',
        query: {},
        body: { ...request.params, application: String(app.name), organization: String(app.organization) },
      })}
    />
  );
}

/** The HTTP-POST binding: a form with SAMLResponse (and RelayState) that submits itself to the ACS URL. */
function PostToServiceProvider({ delivery, app }: { delivery: SamlDelivery & { method: 'POST' }; app: Rec }) {
  const { t } = useTranslation();
  const submitted = useRef(false);
  // The form submits itself once it is there (the Result around it loads first).
  const submitOnce = (form: HTMLFormElement | null) => {
    if (!form || submitted.current) return;
    submitted.current = true;
    form.submit();
  };
  return (
    <PublicResultLayout>
      <Result
        icon={<Spinning />}
        title={<ResultTitle>{t('saml.returning', { application: String(app.displayName || app.name) })}</ResultTitle>}
        subTitle={t('saml.returningHint')}
        extra={
          <form ref={submitOnce} method="post" action={delivery.url}>
            {delivery.fields.map((field) => (
              <input key={field.name} type="hidden" name={field.name} value={field.value} />
            ))}
            <Button variant="primary" htmlType="submit">
              {t('signin.continue')}
            </Button>
          </form>
        }
      />
    </PublicResultLayout>
  );
}
