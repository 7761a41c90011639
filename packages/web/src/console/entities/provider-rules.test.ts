import {
  DEFAULT_CUSTOM_OAUTH_SCOPE,
  DEFAULT_EMAIL_CONTENT,
  DEFAULT_EMAIL_TITLE,
  PROVIDER_CATEGORIES,
  provider,
} from '@gatehouse/entities';
import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import {
  canSendTestSms,
  captchaPreviewState,
  endpointDefaults,
  httpHeadersProblem,
  providerFieldLabel,
  providerFieldTooltip,
  providerFieldVisible,
  providerOnLoad,
  providerValuesChange,
  samlMetadataValues,
  smsMappingDefault,
  testPhoneNumber,
  userMappingProblem,
} from './provider-rules';

const env = { email: 'admin@example.com', origin: 'https://id.example.com' };
const shown = (values: Record<string, unknown>) => provider.form.filter((field) => providerFieldVisible(field, values));
const mapping = (value: object) => JSON.stringify(value, null, 2);

describe('provider form transitions', () => {
  it('a category change resets the type to the category default', () => {
    const expected: Record<string, string> = {
      OAuth: 'Google',
      SMS: 'Twilio SMS',
      Storage: 'AWS S3',
      SAML: 'Keycloak',
      Payment: 'PayPal',
      Captcha: 'Default',
      Web3: 'MetaMask',
      Notification: 'Telegram',
      'Face ID': 'Alibaba Cloud Facebody',
    };
    for (const [category, type] of Object.entries(expected)) {
      const next = providerValuesChange({ category }, { category, type: 'GitHub', subType: '', method: 'Normal' }, env);
      expect(next?.type, category).toBe(type);
      expect(next?.host, category).toBeUndefined();
    }
  });

  it('choosing Email sets the SMTP defaults, the default message and the account as receiver', () => {
    const next = providerValuesChange({ category: 'Email' }, { category: 'Email', type: 'GitHub', userMapping: '{}' }, env);
    expect(next).toMatchObject({
      type: 'Default',
      host: 'smtp.example.com',
      port: 465,
      disableSsl: false,
      title: DEFAULT_EMAIL_TITLE,
      content: DEFAULT_EMAIL_CONTENT,
      receiver: 'admin@example.com',
    });
    expect(DEFAULT_EMAIL_CONTENT).toContain('5 minutes');
    expect(next?.userMapping).toBeUndefined();
  });

  it('type changes set the defaults of the new type', () => {
    const change = (category: string, type: string, extra: Record<string, unknown> = {}) =>
      providerValuesChange({ type }, { category, type, method: '', subType: '', userMapping: '{}', ...extra }, env);
    expect(change('Storage', 'Local File System')).toMatchObject({ domain: 'https://id.example.com/files/' });
    expect(change('OAuth', 'Custom')).toMatchObject({
      customAuthUrl: 'https://door.example.com/login/oauth/authorize',
      customTokenUrl: 'https://door.example.com/api/login/oauth/access_token',
      customUserInfoUrl: 'https://door.example.com/api/userinfo',
      scopes: DEFAULT_CUSTOM_OAUTH_SCOPE,
    });
    expect(change('SMS', 'Custom HTTP SMS')).toMatchObject({ method: 'GET', title: 'code' });
    expect(change('Email', 'Custom HTTP Email')).toMatchObject({ method: 'POST' });
    expect(change('Notification', 'Custom HTTP')).toMatchObject({ method: 'GET' });
    expect(change('OAuth', 'WeCom')).toMatchObject({ method: 'Normal', subType: 'Internal' });
    expect(change('Captcha', 'Aliyun Captcha')).toMatchObject({ subType: 'nc' });
    expect(change('OAuth', 'GitHub', { subType: 'Internal' })).toMatchObject({ subType: '' });
  });

  it('a kind with a user mapping and none of its keys gets the default mapping', () => {
    const email = providerValuesChange(
      { type: 'Custom HTTP Email' },
      { category: 'Email', type: 'Custom HTTP Email', userMapping: mapping({ id: 'sub' }) },
      env,
    );
    expect(JSON.parse(String(email?.userMapping))).toEqual({
      fromName: 'fromName',
      toAddress: 'toAddress',
      subject: 'subject',
      content: 'content',
    });
    const kept = providerValuesChange(
      { type: 'GitHub' },
      { category: 'OAuth', type: 'GitHub', userMapping: mapping({ id: 'sub' }) },
      env,
    );
    expect(kept?.userMapping).toBeUndefined();
    expect(providerOnLoad({ category: 'OAuth', type: 'GitHub', userMapping: {} }).userMapping).toMatchObject({
      id: 'id',
      username: 'username',
      displayName: 'displayName',
    });
    const stored = { category: 'SMS', type: 'Twilio SMS', userMapping: {} };
    expect(providerOnLoad(stored)).toBe(stored);
  });

  it('an owner change clears the cert', () => {
    expect(
      providerValuesChange({ owner: 'acme' }, { owner: 'acme', category: 'Payment', type: 'Alipay', cert: 'c' }, env),
    ).toEqual({
      cert: '',
    });
  });

  it("WeChat's sign name and media switch follow its two app IDs", () => {
    const weChat = (changed: Record<string, unknown>, values: Record<string, unknown>) =>
      providerValuesChange(changed, { category: 'OAuth', type: 'WeChat', userMapping: mapping({ id: 'id' }), ...values }, env);
    expect(weChat({ clientId: '' }, { clientId: '', clientId2: '' })).toMatchObject({ signName: 'open', disableSsl: false });
    expect(weChat({ clientId: '' }, { clientId: '', clientId2: 'media-app' })).toMatchObject({
      signName: 'media',
      disableSsl: true,
    });
    expect(weChat({ clientId2: '' }, { clientId: 'open-app', clientId2: '', disableSsl: true })).toMatchObject({
      signName: 'open',
      disableSsl: false,
    });
    expect(weChat({ disableSsl: false }, { clientId: 'a', clientId2: 'b', disableSsl: false, signName: 'media' })).toMatchObject({
      signName: 'open',
    });
    expect(weChat({ disableSsl: true }, { clientId: 'a', clientId2: 'b', disableSsl: true, signName: 'media' })).toMatchObject({
      signName: 'media',
      disableSsl: true,
    });
    expect(providerValuesChange({ clientId: 'x' }, { category: 'OAuth', type: 'GitHub', clientId: 'x' }, env)).toBeUndefined();
  });
});

describe('provider form fields by category and type', () => {
  it('every kind shows its identity, category, type and provider URL', () => {
    for (const category of PROVIDER_CATEGORIES) {
      expect(shown({ category, type: '' })).toEqual(
        expect.arrayContaining(['owner', 'name', 'displayName', 'category', 'type', 'providerUrl']),
      );
    }
  });

  it('an SMTP e-mail provider shows its server, sender, message and test row', () => {
    expect(shown({ category: 'Email', type: 'Default' })).toEqual([
      'owner',
      'name',
      'displayName',
      'category',
      'type',
      'clientId',
      'clientSecret',
      'clientId2',
      'clientSecret2',
      'host',
      'port',
      'disableSsl',
      'title',
      'content',
      'providerUrl',
      'receiver',
    ]);
    const values = { category: 'Email', type: 'Default' };
    expect(providerFieldLabel('clientId', values)).toBe('provider.label.username');
    expect(providerFieldLabel('clientSecret', values)).toBe('provider.label.password');
    expect(providerFieldLabel('clientId2', values)).toBe('provider.label.fromAddress');
    expect(providerFieldLabel('clientSecret2', values)).toBe('provider.label.fromName');
    expect(providerFieldLabel('receiver', values)).toBe('provider.label.testEmail');
  });

  it('the custom HTTP e-mail type shows its endpoint, method, content type, headers and body mapping', () => {
    const post = shown({ category: 'Email', type: 'Custom HTTP Email', method: 'POST' });
    expect(post).toEqual(
      expect.arrayContaining(['endpoint', 'method', 'issuerUrl', 'httpHeaders', 'userMapping', 'title', 'content']),
    );
    expect(post).not.toEqual(expect.arrayContaining(['host']));
    expect(post).not.toContain('clientId');
    expect(post).not.toContain('port');
    expect(providerFieldLabel('issuerUrl', { category: 'Email', type: 'Custom HTTP Email', method: 'POST' })).toBe(
      'provider.label.contentType',
    );
    expect(shown({ category: 'Email', type: 'Custom HTTP Email', method: 'GET' })).not.toContain('issuerUrl');
  });

  it('SMS types show their keys, sign name and template by type', () => {
    expect(shown({ category: 'SMS', type: 'Aliyun SMS' })).toEqual(
      expect.arrayContaining(['clientId', 'clientSecret', 'signName', 'templateCode', 'regionId', 'receiver']),
    );
    const twilio = shown({ category: 'SMS', type: 'Twilio SMS' });
    expect(twilio).toEqual(expect.arrayContaining(['clientId', 'clientSecret', 'appId', 'templateCode']));
    expect(twilio).not.toContain('signName');
    expect(providerFieldLabel('appId', { category: 'SMS', type: 'Twilio SMS' })).toBe('provider.label.senderNumber');
    const custom = shown({ category: 'SMS', type: 'Custom HTTP SMS', method: 'POST' });
    expect(custom).toEqual(expect.arrayContaining(['endpoint', 'method', 'issuerUrl', 'httpHeaders', 'title']));
    expect(custom).not.toEqual(expect.arrayContaining(['clientId']));
    expect(custom).not.toContain('signName');
    expect(custom).toContain('userMapping');
    expect(providerFieldLabel('title', { category: 'SMS', type: 'Custom HTTP SMS' })).toBe('provider.label.parameter');
    // The custom type sends its template as the text, %s replaced by the code (as Twilio does).
    expect(custom).toContain('templateCode');
    expect(providerFieldLabel('templateCode', { category: 'SMS', type: 'Custom HTTP SMS' })).toBe(
      'provider.label.messageTemplate',
    );
    expect(providerFieldLabel('templateCode', { category: 'SMS', type: 'Aliyun SMS' })).toBeUndefined();
  });

  it('OAuth shows the client, e-mail regex and user mapping; Custom adds its addresses, scope and logo', () => {
    const github = shown({ category: 'OAuth', type: 'GitHub' });
    expect(github).toEqual(expect.arrayContaining(['clientId', 'clientSecret', 'enableSignUp', 'emailRegex', 'userMapping']));
    expect(github).not.toContain('customAuthUrl');
    expect(github).not.toContain('receiver');
    expect(shown({ category: 'OAuth', type: 'Custom' })).toEqual(
      expect.arrayContaining(['customAuthUrl', 'customTokenUrl', 'customUserInfoUrl', 'scopes', 'customLogo']),
    );
    expect(shown({ category: 'OAuth', type: 'AzureAD' })).toContain('domain');
    expect(providerFieldLabel('domain', { category: 'OAuth', type: 'AzureAD' })).toBe('provider.label.tenantId');
    expect(shown({ category: 'OAuth', type: 'WeCom', subType: 'Internal' })).toEqual(
      expect.arrayContaining(['subType', 'method', 'appId', 'scopes']),
    );
    expect(shown({ category: 'OAuth', type: 'WeCom', subType: 'Third-party' })).not.toContain('appId');
  });

  it('SAML shows the request signing, metadata, endpoint, certificate and issuer', () => {
    const saml = shown({ category: 'SAML', type: 'Keycloak' });
    expect(saml).toEqual(expect.arrayContaining(['enableSignAuthnRequest', 'metadata', 'endpoint', 'idP', 'issuerUrl']));
    expect(saml).not.toContain('clientId');
    expect(providerFieldLabel('endpoint', { category: 'SAML', type: 'Keycloak' })).toBe('provider.label.samlEndpoint');
    expect(providerFieldLabel('issuerUrl', { category: 'SAML', type: 'Keycloak' })).toBeUndefined();
  });

  it('storage shows its keys, endpoints, bucket, prefix, domain and region by type', () => {
    expect(shown({ category: 'Storage', type: 'AWS S3' })).toEqual(
      expect.arrayContaining([
        'clientId',
        'clientSecret',
        'endpoint',
        'intranetEndpoint',
        'bucket',
        'pathPrefix',
        'domain',
        'regionId',
      ]),
    );
    const local = shown({ category: 'Storage', type: 'Local File System' });
    expect(local).toEqual(expect.arrayContaining(['pathPrefix', 'domain']));
    for (const field of ['clientId', 'clientSecret', 'endpoint', 'bucket', 'regionId']) expect(local).not.toContain(field);
    expect(shown({ category: 'Storage', type: 'MinIO' })).not.toContain('intranetEndpoint');
  });

  it('captcha shows the site and secret keys (none for Default) and the preview row', () => {
    expect(shown({ category: 'Captcha', type: 'Default' })).toEqual([
      'owner',
      'name',
      'displayName',
      'category',
      'type',
      'providerUrl',
      'receiver',
    ]);
    const recaptcha = { category: 'Captcha', type: 'reCAPTCHA v2' };
    expect(shown(recaptcha)).toEqual(expect.arrayContaining(['clientId', 'clientSecret']));
    expect(providerFieldLabel('clientId', recaptcha)).toBe('provider.label.siteKey');
    expect(providerFieldLabel('clientSecret', recaptcha)).toBe('provider.label.secretKey');
    expect(providerFieldLabel('receiver', recaptcha)).toBe('provider.label.preview');
    expect(shown({ category: 'Captcha', type: 'Aliyun Captcha' })).toEqual(
      expect.arrayContaining(['subType', 'clientId2', 'clientSecret2']),
    );
  });

  it('notifications show the message and, by type, a secret, a chat ID or an endpoint', () => {
    const telegram = { category: 'Notification', type: 'Telegram' };
    expect(shown(telegram)).toEqual(expect.arrayContaining(['clientSecret', 'content', 'receiver']));
    expect(shown(telegram)).not.toContain('clientId');
    expect(providerFieldLabel('receiver', telegram)).toBe('provider.label.chatId');
    const custom = { category: 'Notification', type: 'Custom HTTP' };
    expect(shown(custom)).toEqual(expect.arrayContaining(['method', 'title', 'httpHeaders', 'content', 'receiver']));
    expect(shown(custom)).not.toContain('clientSecret');
    expect(providerFieldLabel('receiver', custom)).toBe('provider.label.endpoint');
    expect(providerFieldLabel('receiver', { category: 'Notification', type: 'DingTalk' })).toBe(
      'provider.label.testNotification',
    );
  });

  it('Web3 and the payment types without keys show no client fields', () => {
    for (const values of [
      { category: 'Web3', type: 'MetaMask' },
      { category: 'Payment', type: 'Dummy' },
      { category: 'Payment', type: 'Balance' },
    ]) {
      expect(shown(values)).not.toContain('clientId');
      expect(shown(values)).not.toContain('clientSecret');
    }
    expect(shown({ category: 'Payment', type: 'Alipay' })).toEqual(expect.arrayContaining(['clientId', 'clientSecret', 'cert']));
  });
});

describe('custom HTTP SMS and the endpoints of vendor APIs', () => {
  const customSms = (method: string) => ({ category: 'SMS', type: 'Custom HTTP SMS', method, title: 'code' });

  it('custom HTTP SMS: endpoint URL, method, content type for bodies, headers, parameter and mapping, all labelled', () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
      const fields = shown(customSms(method));
      expect(fields).toEqual(
        expect.arrayContaining(['endpoint', 'method', 'httpHeaders', 'userMapping', 'title', 'templateCode', 'receiver']),
      );
      // The content type only matters for a body (GET sends the query string).
      expect(fields.includes('issuerUrl'), method).toBe(method !== 'GET');
    }
    const values = customSms('POST');
    expect(providerFieldLabel('endpoint', values)).toBe('provider.label.endpointUrl');
    expect(providerFieldLabel('issuerUrl', values)).toBe('provider.label.contentType');
    expect(providerFieldLabel('userMapping', values)).toBe('provider.label.parameterMapping');
    expect(providerFieldLabel('title', values)).toBe('provider.label.parameter');
    expect(providerFieldTooltip('endpoint', values)).toBe('provider.tooltip.customHttpEndpoint');
    expect(providerFieldTooltip('method', values)).toBe('provider.tooltip.customHttpMethod');
    expect(providerFieldTooltip('title', values)).toBe('provider.tooltip.smsParameter');
    expect(providerFieldTooltip('userMapping', values)).toBe('provider.tooltip.smsMapping');
    // Its mapping is optional: nothing to require, and OAuth's labels stay OAuth's.
    expect(userMappingProblem('{}', values)).toBeNull();
    expect(providerFieldLabel('userMapping', { category: 'OAuth', type: 'GitHub' })).toBeUndefined();
    expect(providerFieldTooltip('userMapping', { category: 'OAuth', type: 'GitHub' })).toBeUndefined();
  });

  it("custom HTTP SMS sends the number as phoneNumber and the text under the Parameter's name unless mapped", () => {
    expect(smsMappingDefault('phoneNumber', { title: 'text' })).toBe('phoneNumber');
    expect(smsMappingDefault('content', { title: ' text ' })).toBe('text');
    expect(smsMappingDefault('content', { title: '' })).toBe('code');
  });

  it('vendor types show their API endpoint as an optional advanced field, with the addresses it replaces', () => {
    const vendors = [
      { category: 'SMS', type: 'Twilio SMS', defaults: ['https://api.twilio.com'] },
      { category: 'SMS', type: 'Aliyun SMS', defaults: ['https://dysmsapi.aliyuncs.com'] },
      { category: 'Notification', type: 'Slack', defaults: ['https://slack.com'] },
      { category: 'Notification', type: 'Telegram', defaults: ['https://api.telegram.org'] },
      { category: 'Captcha', type: 'reCAPTCHA v2', defaults: ['https://www.google.com/recaptcha/api/siteverify'] },
      { category: 'Captcha', type: 'reCAPTCHA v3', defaults: ['https://www.google.com/recaptcha/api/siteverify'] },
      { category: 'Captcha', type: 'hCaptcha', defaults: ['https://api.hcaptcha.com/siteverify'] },
      {
        category: 'Captcha',
        type: 'Cloudflare Turnstile',
        defaults: ['https://challenges.cloudflare.com/turnstile/v0/siteverify'],
      },
      { category: 'OAuth', type: 'GitHub', defaults: ['https://github.com', 'https://api.github.com'] },
    ];
    for (const { defaults, ...values } of vendors) {
      expect(shown(values), values.type).toContain('endpoint');
      expect(providerFieldLabel('endpoint', values), values.type).toBe('provider.label.apiEndpoint');
      expect(providerFieldTooltip('endpoint', values), values.type).toBe('provider.tooltip.apiEndpoint');
      expect(endpointDefaults(values), values.type).toEqual(defaults);
    }
    // Types that call no vendor API of ours have no such field.
    for (const values of [
      { category: 'Captcha', type: 'Default' },
      { category: 'Notification', type: 'DingTalk' },
      { category: 'OAuth', type: 'Custom' },
      { category: 'SMS', type: 'Tencent Cloud SMS' },
    ]) {
      expect(shown(values), values.type).not.toContain('endpoint');
      expect(endpointDefaults(values)).toBeNull();
    }
    // Where the endpoint is the service itself, it keeps its own label and no tooltip.
    expect(providerFieldLabel('endpoint', { category: 'Storage', type: 'AWS S3' })).toBeUndefined();
    expect(providerFieldTooltip('endpoint', { category: 'Storage', type: 'AWS S3' })).toBeUndefined();
    expect(providerFieldTooltip('endpoint', { category: 'SAML', type: 'Keycloak' })).toBeUndefined();
  });
});

describe('provider form checks', () => {
  it('OAuth user mapping needs id, username and display name', () => {
    const oauth = { category: 'OAuth', type: 'GitHub' };
    expect(userMappingProblem(mapping({ id: 'id', username: 'login', displayName: 'name' }), oauth)).toBeNull();
    for (const key of ['id', 'username', 'displayName']) {
      const value = { id: 'id', username: 'login', displayName: 'name', [key]: '' };
      expect(userMappingProblem(mapping(value), oauth), key).toBe('provider.fieldRequired');
    }
    expect(userMappingProblem(mapping({ id: 'id', username: 'login', displayName: 'name', email: '' }), oauth)).toBeNull();
  });

  it('custom HTTP e-mail mapping needs all of its keys; other kinds need none', () => {
    const full = { fromName: 'from', toAddress: 'to', subject: 'subject', content: 'body' };
    const email = { category: 'Email', type: 'Custom HTTP Email' };
    expect(userMappingProblem(mapping(full), email)).toBeNull();
    for (const key of Object.keys(full)) {
      expect(userMappingProblem(mapping({ ...full, [key]: ' ' }), email), key).toBe('provider.fieldRequired');
    }
    expect(userMappingProblem('{}', { category: 'Email', type: 'Default' })).toBeNull();
  });

  it('header names must be HTTP tokens', () => {
    expect(httpHeadersProblem(mapping({ Authorization: 'Bearer x', 'X-Api-Key': 'k' }))).toBeNull();
    expect(httpHeadersProblem(mapping({ 'Bad Name': 'x' }))).toBe('provider.headerNameInvalid');
  });

  it('a test SMS needs a valid phone number, or the custom HTTP type with an endpoint', () => {
    expect(testPhoneNumber('+1 555-010 0123')).toBe('+15550100123');
    expect(testPhoneNumber('13800000000')).toBe('13800000000');
    expect(testPhoneNumber('12ab')).toBeNull();
    expect(testPhoneNumber('')).toBeNull();
    expect(canSendTestSms({ type: 'Twilio SMS', receiver: '+15550100123' })).toBe(true);
    expect(canSendTestSms({ type: 'Twilio SMS', receiver: 'nope' })).toBe(false);
    expect(canSendTestSms({ type: 'Custom HTTP SMS', receiver: '', endpoint: 'https://sms.example.com' })).toBe(true);
    expect(canSendTestSms({ type: 'Custom HTTP SMS', receiver: '', endpoint: '' })).toBe(false);
  });

  it('the captcha preview needs the keys of its type and renders the built-in captcha only', () => {
    expect(captchaPreviewState({ type: 'Default' })).toBe('ready');
    expect(captchaPreviewState({ type: 'reCAPTCHA v2', clientId: 'site' })).toBe('needsKeys');
    expect(captchaPreviewState({ type: 'reCAPTCHA v2', clientId: 'site', clientSecret: 'secret' })).toBe('unavailable');
    expect(captchaPreviewState({ type: 'Aliyun Captcha', clientId: 'a', clientSecret: 'b' })).toBe('needsKeys');
  });
});

const METADATA = `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="https://idp.example.com/realms/demo">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="encryption"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>ENCRYPTION</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>
      MIIBsigning
      certificate==
    </ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://idp.example.com/sso/post"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.example.com/sso/redirect"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;

const parse = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml') as unknown as Document;

describe('SAML metadata parsing', () => {
  it('reads the redirect SSO location, the signing certificate and the entity ID', () => {
    expect(samlMetadataValues(parse(METADATA))).toEqual({
      endpoint: 'https://idp.example.com/sso/redirect',
      idP: 'MIIBsigningcertificate==',
      issuerUrl: 'https://idp.example.com/realms/demo',
    });
  });

  it('reads metadata without namespace prefixes', () => {
    const plain = `<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="urn:idp"><IDPSSODescriptor>
      <KeyDescriptor><KeyInfo xmlns="http://www.w3.org/2000/09/xmldsig#"><X509Data><X509Certificate>CERT</X509Certificate></X509Data></KeyInfo></KeyDescriptor>
      <SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://idp/sso"/>
    </IDPSSODescriptor></EntityDescriptor>`;
    expect(samlMetadataValues(parse(plain))).toEqual({ endpoint: 'https://idp/sso', idP: 'CERT', issuerUrl: 'urn:idp' });
  });

  it('needs a certificate, an SSO location and an entity ID', () => {
    expect(samlMetadataValues(parse(METADATA.replace(/<md:KeyDescriptor[\s\S]*?<\/md:KeyDescriptor>/g, '')))).toBeNull();
    expect(samlMetadataValues(parse(METADATA.replace(/<md:SingleSignOnService[^>]*\/>/g, '')))).toBeNull();
    expect(samlMetadataValues(parse(METADATA.replace(' entityID="https://idp.example.com/realms/demo"', '')))).toBeNull();
    expect(samlMetadataValues(parse('<html><body>not metadata</body></html>'))).toBeNull();
  });
});
