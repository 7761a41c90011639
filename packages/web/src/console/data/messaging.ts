import { type Rec, request } from '../../shared/data/client';

/** Provider checks from the provider page: test e-mails, SMS, notifications, SAML metadata. */

/** Casdoor's EmailForm: receivers ['TestSmtpServer'] only connects to the SMTP server. */
export interface EmailForm {
  title: string;
  content: string;
  sender: string;
  receivers: string[];
  /** The provider's name; `providerObject` carries the values being edited (tested before saving). */
  provider: string;
  providerObject: Rec;
  owner: string;
  name: string;
}

export function sendEmail(form: EmailForm) {
  return request<unknown>('POST', '/api/send-email', { body: form });
}

/** Sends a test SMS through the saved provider `provider`. */
export function sendSms(provider: string, body: { content: string; receivers: string[]; owner: string; name: string }) {
  return request<unknown>('POST', '/api/send-sms', { query: { provider }, body });
}

/** Sends a test notification through the saved provider `provider`. */
export function sendNotification(provider: string, body: { content: string; owner: string; name: string }) {
  return request<unknown>('POST', '/api/send-notification', { query: { provider }, body });
}

/** An identity provider's SAML metadata, fetched by the server (a browser may not read it across origins); data is the XML. */
export function fetchSamlMetadata(url: string) {
  return request<string>('POST', '/api/fetch-saml-metadata', { body: { url } });
}
