/**
 * Messages the server sends to users, in every language the console speaks. The request's
 * Accept-Language header picks the language (its first two letters; English otherwise).
 */
const catalogue = {
  unauthorized: { en: 'Unauthorized operation', zh: '未授权的操作' },
  pleaseLogin: { en: 'Please login first', zh: '请先登录' },
  crossSite: { en: 'Cross-site request refused', zh: '已拒绝跨站请求' },
  notFound: { en: 'Not found: {path}', zh: '未找到：{path}' },
  badJson: { en: 'The request body is not valid JSON', zh: '请求体不是合法的 JSON' },
  bodyTooLarge: { en: 'The request body is too large (limit {limit} bytes)', zh: '请求体过大（上限 {limit} 字节）' },
  invalidRequest: { en: 'Invalid request: {detail}', zh: '无效的请求：{detail}' },
  internal: {
    en: 'Internal server error, see the server log (request {id})',
    zh: '服务器内部错误，请查看服务器日志（请求 {id}）',
  },
  badId: { en: 'The id "{id}" must have the form owner/name', zh: 'id "{id}" 必须是 owner/name 的形式' },
  badPage: {
    en: 'p and pageSize must be positive whole numbers (pageSize at most {max})',
    zh: 'p 和 pageSize 必须是正整数（pageSize 最多 {max}）',
  },
  unknownSearchField: { en: 'Unknown search field: {field}', zh: '未知的搜索字段：{field}' },
  unknownSortField: { en: 'Unknown sort field: {field}', zh: '未知的排序字段：{field}' },
  badSortOrder: { en: 'sortOrder must be ascend or descend', zh: 'sortOrder 必须是 ascend 或 descend' },
  invalidField: { en: 'Invalid value of {field}: {detail}', zh: '{field} 的值无效：{detail}' },
  nameRequired: { en: 'The name cannot be empty', zh: '名称不能为空' },
  badName: {
    en: 'The name "{name}" may not contain "/", spaces or control characters',
    zh: '名称 "{name}" 不能包含 "/"、空格或控制字符',
  },
  fieldLocked: { en: 'You are not allowed to change {field}', zh: '你无权修改 {field}' },
  duplicate: { en: 'The {entity} "{id}" already exists', zh: '{entity} "{id}" 已存在' },
  missing: { en: 'The {entity} "{id}" does not exist', zh: '{entity} "{id}" 不存在' },
  organizationMissing: { en: 'The organization "{name}" does not exist', zh: '组织 "{name}" 不存在' },
  undeletable: { en: 'The built-in {entity} "{id}" cannot be deleted', zh: '内置的 {entity} "{id}" 不能被删除' },
  deleteSelf: { en: 'You cannot delete the account you are signed in with', zh: '不能删除当前登录的账号' },
  organizationHasUsers: {
    en: 'The organization "{name}" still has users; delete them first',
    zh: '组织 "{name}" 仍有用户，请先删除这些用户',
  },
  // certs
  certInvalid: {
    en: 'The certificate cannot be read: it must be an X.509 certificate in PEM form',
    zh: '无法读取证书：证书必须是 PEM 格式的 X.509 证书',
  },
  certPrivateKeyInvalid: {
    en: 'The private key cannot be read: it must be an unencrypted private key in PEM form',
    zh: '无法读取私钥：私钥必须是未加密的 PEM 格式私钥',
  },
  certKeyMismatch: {
    en: 'The private key does not belong to the certificate',
    zh: '私钥与证书不匹配',
  },
  certKeyWrongType: {
    en: "The certificate's key ({key}) cannot sign with {algorithm}",
    zh: '证书的密钥（{key}）不能用于 {algorithm} 签名',
  },
  certKeyTooSmall: {
    en: '{algorithm} needs an RSA key of at least {min} bits; {bitSize} bits is too small',
    zh: '{algorithm} 需要至少 {min} 位的 RSA 密钥，{bitSize} 位太小',
  },
  // sign-in
  applicationMissing: { en: 'The application "{name}" does not exist', zh: '应用 "{name}" 不存在' },
  passwordSigninDisabled: {
    en: 'The login method: login with password is not enabled for the application',
    zh: '该应用禁止采用密码登录方式',
  },
  wrongPassword: { en: 'password or code is incorrect', zh: '密码或验证码错误' },
  wrongPasswordChances: {
    en: 'password or code is incorrect, you have {chances} remaining chances',
    zh: '密码或验证码错误，您还有 {chances} 次尝试的机会',
  },
  signinFrozen: {
    en: 'You have entered the wrong password or code too many times, please wait for {minutes} minutes and try again',
    zh: '您输入错误的密码或验证码次数过多，请等待 {minutes} 分钟后重试',
  },
  userForbidden: {
    en: 'The user is forbidden to sign in, please contact the administrator',
    zh: '该用户被禁止登录，请联系管理员',
  },
  loginTypeUnsupported: { en: 'The login type "{type}" is not supported', zh: '不支持的登录类型 "{type}"' },
  missingParameter: { en: 'Missing parameter: {name}', zh: '缺少参数：{name}' },
  // captcha (integrations/captcha)
  captchaRequired: {
    en: 'Please complete the captcha first (missing parameter: captchaToken)',
    zh: '请先完成人机验证（缺少参数：captchaToken）',
  },
  captchaFailed: { en: 'Turing test failed.', zh: '人机验证失败' },
  captchaProviderInvalid: { en: 'Invalid captcha provider.', zh: '非法的验证码提供商' },
  captchaTypeUnsupported: {
    en: 'The captcha type "{type}" is not supported yet (supported: Default, reCAPTCHA v2, reCAPTCHA v3, hCaptcha, Cloudflare Turnstile)',
    zh: '暂不支持验证码类型 "{type}"（支持：Default、reCAPTCHA v2、reCAPTCHA v3、hCaptcha、Cloudflare Turnstile）',
  },
  captchaServiceFailed: {
    en: 'The captcha service {url} could not check the answer (HTTP {status})',
    zh: '验证码服务 {url} 无法校验答案（HTTP {status}）',
  },
  captchaIpLimit: {
    en: 'Too many captchas were requested from your address (at most {limit} a minute), please try again later',
    zh: '您的地址请求的人机验证过多（每分钟最多 {limit} 个），请稍后再试',
  },
  // OAuth 2.0 / OpenID Connect sign-in
  oauthInvalidClient: { en: 'Invalid client_id: {clientId}', zh: '无效的 client_id：{clientId}' },
  redirectUriNotAllowed: {
    en: "Redirect URI: {uri} doesn't exist in the allowed Redirect URI list",
    zh: '重定向 URI：{uri} 不在允许的重定向 URI 列表中',
  },
  responseTypeUnsupported: { en: 'Unsupported response type: {type}', zh: '不支持的响应类型：{type}' },
  responseTypeNotAllowed: {
    en: 'The response type "{type}" is not enabled for the application "{application}"',
    zh: '应用 "{application}" 未启用响应类型 "{type}"',
  },
  pkceMethodUnsupported: { en: 'Only the S256 code challenge method is supported', zh: '仅支持 S256 代码质询方法' },
  idTokenHintInvalid: { en: 'The id_token_hint is invalid', zh: 'id_token_hint 无效' },
  deviceCodeInvalid: { en: 'The code is invalid or has expired', zh: '该代码无效或已过期' },
  userNotInApplication: {
    en: 'The user does not belong to the organization of the application "{application}"',
    zh: '该用户不属于应用 "{application}" 的组织',
  },
  // OAuth consent (protocols/oidc/consent.ts)
  consentApplicationEmpty: { en: 'Application cannot be empty', zh: '应用不能为空' },
  consentScopesEmpty: { en: 'Granted scopes cannot be empty', zh: '授权范围不能为空' },
  consentScopesInvalid: {
    en: 'grantedScopes must be a list of at most 100 scope names, without spaces',
    zh: 'grantedScopes 必须是最多 100 个不含空格的授权范围名称的列表',
  },
  consentApplicationMismatch: {
    en: 'Invalid application: "{application}" is not the application of the client_id, which is "{expected}"',
    zh: '无效的应用："{application}" 不是该 client_id 的应用，应为 "{expected}"',
  },
  consentScopeNotRequested: {
    en: 'The scope "{scope}" was not requested, so it cannot be granted',
    zh: '未请求授权范围 "{scope}"，因此不能授予',
  },
  consentOtherUser: {
    en: 'You can only grant or revoke the consents of your own account',
    zh: '只能授予或撤销您自己账户的授权',
  },
  // CAS sign-in
  casServiceNotAllowed: {
    en: 'The service {service} is not allowed: it must match one of the Redirect URLs of the application',
    zh: '不允许的服务 {service}：它必须与应用的某个重定向 URL 匹配',
  },
  casApplicationNotInOrganization: {
    en: 'The application "{application}" does not belong to the organization "{organization}"',
    zh: '应用 "{application}" 不属于组织 "{organization}"',
  },
  casRenewNeedsPassword: {
    en: 'This service asks you to enter your password again (renew)',
    zh: '该服务要求您重新输入密码（renew）',
  },
  // SAML identity provider
  samlRequestMalformed: {
    en: 'The SAMLRequest cannot be read: it must be a base64 SAML message (DEFLATE-compressed for the HTTP-Redirect binding)',
    zh: '无法读取 SAMLRequest：它必须是 base64 编码的 SAML 消息（HTTP-Redirect 绑定需经 DEFLATE 压缩）',
  },
  samlRequestInvalid: {
    en: 'The SAML request is not valid against the SAML 2.0 schema: {detail}',
    zh: 'SAML 请求不符合 SAML 2.0 架构：{detail}',
  },
  samlRequestNotAuthn: {
    en: 'The SAML message must be an AuthnRequest, not {name}',
    zh: 'SAML 消息必须是 AuthnRequest，而不是 {name}',
  },
  samlIssuerMissing: { en: 'The SAML request has no Issuer', zh: 'SAML 请求缺少 Issuer' },
  samlIssuerUnknown: {
    en: 'Issuer URI: {issuer} doesn\'t exist in the allowed Redirect URI list of the application "{application}"',
    zh: 'Issuer URI：{issuer} 不在应用 "{application}" 允许的重定向 URI 列表中',
  },
  samlAcsMissing: {
    en: 'The SAML request has no AssertionConsumerServiceURL and the application has no SAML reply URL',
    zh: 'SAML 请求缺少 AssertionConsumerServiceURL，且应用未设置 SAML 回复 URL',
  },
  samlAcsNotAllowed: {
    en: 'AssertionConsumerServiceURL: {url} is neither the SAML reply URL nor in the allowed Redirect URI list',
    zh: 'AssertionConsumerServiceURL：{url} 既不是 SAML 回复 URL，也不在允许的重定向 URI 列表中',
  },
  samlDestinationMismatch: {
    en: 'The SAML request is addressed to {destination}, not to this identity provider ({expected})',
    zh: 'SAML 请求的目标地址是 {destination}，而不是本身份提供方（{expected}）',
  },
  samlRequestUnsigned: {
    en: 'The application "{application}" requires signed SAML requests, but this request is not signed',
    zh: '应用 "{application}" 要求 SAML 请求必须签名，但此请求未签名',
  },
  samlSignatureInvalid: {
    en: "The SAML request's signature is invalid: it does not verify with the SP certificate of the application",
    zh: 'SAML 请求的签名无效：无法用应用的 SP 证书验证',
  },
  samlSigAlgUnsupported: {
    en: 'Unsupported signature algorithm of the SAML request: {alg}',
    zh: '不支持的 SAML 请求签名算法：{alg}',
  },
  samlForceAuthn: {
    en: 'The service provider asks for a fresh sign-in: please enter your password',
    zh: '服务提供方要求重新登录：请输入密码',
  },
  samlUserNoEmail: {
    en: 'The user has no email address, which this application sends as the SAML NameID',
    zh: '该用户没有邮箱地址，而此应用以邮箱作为 SAML NameID',
  },
  samlCertUnusable: {
    en: 'The cert "{name}" of the application cannot sign SAML messages',
    zh: '应用的证书 "{name}" 无法用于签署 SAML 消息',
  },
  samlSpCertInvalid: {
    en: "The SAML SP certificate cannot be read: paste the service provider's signing certificate as PEM (or its base64 body)",
    zh: '无法读取 SAML SP 证书：请粘贴服务提供方的签名证书（PEM 格式或其 base64 内容）',
  },
  // sign-in through SAML providers, Gatehouse as the service provider (protocols/saml/sp-*.ts)
  samlProviderNotSaml: { en: "provider {name}'s category is not SAML", zh: '提供商 {name} 的类别不是 SAML' },
  samlIdpEndpointInvalid: {
    en: 'The SAML provider "{name}" has no valid single sign-on URL (Endpoint): "{value}"',
    zh: 'SAML 提供商 "{name}" 没有有效的单点登录地址（Endpoint）："{value}"',
  },
  samlIdpCertInvalid: {
    en: 'The IdP certificate of the SAML provider "{name}" cannot be read: paste the identity provider\'s signing certificate (PEM or base64), or parse its metadata',
    zh: 'SAML 提供商 "{name}" 的 IdP 证书无法读取：请粘贴身份提供方的签名证书（PEM 或 base64），或解析其元数据',
  },
  samlRequestCertUnusable: {
    en: 'The cert "{name}" of the SAML provider "{provider}" cannot sign SAML requests',
    zh: 'SAML 提供商 "{provider}" 的证书 "{name}" 无法用于签署 SAML 请求',
  },
  samlUnsolicited: {
    en: 'The SAML response does not answer a sign-in started here (its RelayState is not one of ours): please start signing in from the sign-in page',
    zh: '该 SAML 响应不是对本站发起的登录的应答（其 RelayState 不是本站的）：请从登录页重新开始登录',
  },
  samlResponseMalformed: {
    en: 'The SAML response is not a base64-encoded SAML message',
    zh: 'SAML 响应不是 base64 编码的 SAML 消息',
  },
  samlResponseInvalid: { en: 'The SAML response is invalid: {detail}', zh: 'SAML 响应无效：{detail}' },
  samlResponseStatus: {
    en: 'The identity provider did not sign you in: {status}{message}',
    zh: '身份提供方未能让您登录：{status}{message}',
  },
  samlAssertionEncrypted: {
    en: 'Encrypted SAML assertions are not supported: turn off assertion encryption at the identity provider',
    zh: '不支持加密的 SAML 断言：请在身份提供方关闭断言加密',
  },
  samlAssertionCount: {
    en: 'The SAML response must carry exactly one assertion, it carries {count}',
    zh: 'SAML 响应必须恰好包含一个断言，实际包含 {count} 个',
  },
  samlResponseUnsigned: {
    en: 'The SAML response is not signed: the identity provider must sign the response or its assertion',
    zh: 'SAML 响应未签名：身份提供方必须签署响应或其断言',
  },
  samlResponseSigAlgUnsupported: {
    en: 'Unsupported signature algorithm of the SAML response: {alg}',
    zh: '不支持的 SAML 响应签名算法：{alg}',
  },
  samlResponseSignatureInvalid: {
    en: 'The signature of the SAML response is invalid: it does not verify with the IdP certificate of {name}',
    zh: 'SAML 响应的签名无效：无法用 {name} 的 IdP 证书验证',
  },
  samlResponseIssuerMismatch: {
    en: 'The SAML response was issued by "{issuer}", not by the identity provider "{expected}"',
    zh: 'SAML 响应由 "{issuer}" 签发，而不是身份提供方 "{expected}"',
  },
  samlResponseDestinationMismatch: {
    en: 'The SAML response is addressed to "{destination}", not to this assertion consumer service ({expected})',
    zh: 'SAML 响应的目标是 "{destination}"，而不是本断言消费服务（{expected}）',
  },
  samlRecipientMismatch: {
    en: 'The SAML assertion is not confirmed for this assertion consumer service ({expected}): its recipient is {recipient}',
    zh: 'SAML 断言未针对本断言消费服务（{expected}）确认：其接收方为 {recipient}',
  },
  samlAudienceMismatch: {
    en: 'The SAML assertion is meant for {audience}, not for this service provider ({expected})',
    zh: 'SAML 断言的受众是 {audience}，而不是本服务提供方（{expected}）',
  },
  samlInResponseToMismatch: {
    en: 'The SAML response answers another sign-in request ({id}): please start signing in again',
    zh: 'SAML 响应应答的是另一个登录请求（{id}）：请重新开始登录',
  },
  samlResponseExpired: {
    en: 'The SAML response has expired (it was valid until {time}): please sign in again',
    zh: 'SAML 响应已过期（有效期至 {time}）：请重新登录',
  },
  samlResponseNotYetValid: {
    en: 'The SAML response is not valid before {time}: check the clocks of the identity provider and of this server',
    zh: 'SAML 响应在 {time} 之前无效：请检查身份提供方与本服务器的时钟',
  },
  samlNameIdMissing: { en: 'The SAML assertion has no NameID: nobody is named', zh: 'SAML 断言没有 NameID：未指明用户' },
  samlResponseReplayed: {
    en: 'This SAML response has already been used: please sign in again',
    zh: '该 SAML 响应已被使用过：请重新登录',
  },
  // passwords
  oldPasswordWrong: { en: 'The old password is wrong', zh: '旧密码错误' },
  passwordEmpty: { en: 'The password cannot be empty', zh: '密码不能为空' },
  passwordAtLeast6: { en: 'The password must have at least 6 characters', zh: '密码长度至少为 6 个字符' },
  passwordAtLeast8: { en: 'The password must have at least 8 characters', zh: '密码长度至少为 8 个字符' },
  passwordAa123: {
    en: 'The password must contain at least one uppercase letter, one lowercase letter and one digit',
    zh: '密码必须包含至少一个大写字母、一个小写字母和一个数字',
  },
  passwordSpecialChar: { en: 'The password must contain at least one special character', zh: '密码必须包含至少一个特殊字符' },
  passwordNoRepeat: { en: 'The password must not contain any repeated characters', zh: '密码不能包含连续重复的字符' },
  // applications
  autoSigninNeedsSession: {
    en: 'Please enable "Signin session" first before enabling "Auto signin"',
    zh: '请先启用"保持登录会话"，再启用"自动登录"',
  },
  signinMethodsEmpty: { en: 'An application needs at least one sign-in method', zh: '应用至少需要一种登录方式' },
  signinMethodDuplicate: {
    en: 'The sign-in method "{name}" is listed more than once',
    zh: '登录方式 "{name}" 重复出现',
  },
  signinMethodRuleInvalid: {
    en: 'The rule "{rule}" is not valid for the sign-in method "{name}"; choose one of: {rules}',
    zh: '规则 "{rule}" 不适用于登录方式 "{name}"，可选：{rules}',
  },
  signupPasswordOptional: {
    en: 'The Password sign-up item cannot be optional',
    zh: '注册项 "Password" 不能设为非必填',
  },
  signupButtonMissing: {
    en: 'The sign-up items must include the "Signup button" item',
    zh: '注册项中必须包含 "Signup button"',
  },
  signupItemRuleInvalid: {
    en: 'The rule "{rule}" is not valid for the sign-up item "{name}"; choose one of: {rules}',
    zh: '规则 "{rule}" 不适用于注册项 "{name}"，可选：{rules}',
  },
  redirectUriInvalid: {
    en: 'The redirect URL "{uri}" is not valid: use an absolute http(s) URL or a custom-scheme URI, without a fragment',
    zh: '回调地址 "{uri}" 无效：请使用绝对的 http(s) 地址或自定义协议的 URI，且不能包含片段（#）',
  },
  // sign-up (POST /api/signup) and the public sign-in pages' calls
  signOutFirst: { en: 'Please sign out first before signing up', zh: '请先退出登录再注册新账号' },
  signupDisabled: {
    en: 'The application does not allow to sign up new account',
    zh: '该应用不允许注册新账号',
  },
  signupOrganizationMismatch: {
    en: 'The application "{application}" signs users up in the organization "{expected}", not "{organization}"',
    zh: '应用 "{application}" 将用户注册到组织 "{expected}"，而不是 "{organization}"',
  },
  invitationCodeUnavailable: {
    en: 'The application "{application}" requires an invitation code, and this server does not support invitation codes yet',
    zh: '应用 "{application}" 要求邀请码，而本服务器暂不支持邀请码',
  },
  usernameTooShort: { en: 'Username must have at least 2 characters', zh: '用户名至少需要 2 个字符' },
  usernameStartsWithDigit: { en: 'Username cannot start with a digit', zh: '用户名不能以数字开头' },
  usernameIsEmail: { en: 'Username cannot be an email address', zh: '用户名不能是电子邮箱地址' },
  usernameHasSpaces: { en: 'Username cannot contain white spaces', zh: '用户名不能包含空格' },
  usernameTooLong: { en: 'Username is too long (maximum is {max} characters).', zh: '用户名过长（最多 {max} 个字符）。' },
  usernameInvalid: {
    en: 'The username may only contain letters, digits, dots, underlines or hyphens, cannot have two of these signs in a row, and cannot begin or end with one',
    zh: '用户名只能包含字母、数字、点、下划线或连字符，这些符号不能连续出现，也不能出现在开头或结尾',
  },
  usernameExists: { en: 'Username already exists', zh: '用户名已存在' },
  emailExists: { en: 'Email already exists', zh: '电子邮箱已存在' },
  phoneExists: { en: 'Phone already exists', zh: '手机号已存在' },
  signupItemRequired: { en: 'Please input your {name}!', zh: '请输入{name}！' },
  confirmPasswordMismatch: { en: 'Two passwords you typed do not match.', zh: '两次输入的密码不一致。' },
  emailEmpty: { en: 'Email cannot be empty', zh: '电子邮箱不能为空' },
  emailInvalid: { en: 'Email is invalid', zh: '电子邮箱无效' },
  phoneEmpty: { en: 'Phone cannot be empty', zh: '手机号不能为空' },
  phoneInvalid: { en: 'Phone number is invalid', zh: '手机号无效' },
  phoneRegionNotAllowed: {
    en: 'Your region is not allowed to sign up by phone',
    zh: '您所在的地区不允许通过手机号注册',
  },
  emailOrPhoneEmpty: { en: 'Email or phone cannot be empty', zh: '电子邮箱或手机号不能为空' },
  displayNameBlank: { en: 'Display name cannot be blank', zh: '显示名称不能为空' },
  firstNameBlank: { en: 'First name cannot be blank', zh: '名字不能为空' },
  lastNameBlank: { en: 'Last name cannot be blank', zh: '姓氏不能为空' },
  signupOptionInvalid: {
    en: '"{value}" is not a choice of the sign-up field "{name}"',
    zh: '"{value}" 不是注册项 "{name}" 的可选值',
  },
  signupRegexInvalid: {
    en: 'The regex of the sign-up item "{name}" is not valid: {detail}',
    zh: '注册项 "{name}" 的正则表达式无效：{detail}',
  },
  signupRegexMismatch: {
    en: 'The value "{value}" for signup field "{name}" doesn\'t match the signup item regex of the application "{application}"',
    zh: '注册项 "{name}" 的值 "{value}" 不符合应用 "{application}" 的注册项正则表达式',
  },
  agreementRequired: { en: 'Please accept the agreement!', zh: '请接受协议！' },
  defaultApplicationMissing: {
    en: 'The organization "{name}" has no application',
    zh: '组织 "{name}" 没有任何应用',
  },
  // outbound calls (integrations/http/outbound.ts)
  outboundBadUrl: { en: 'The address "{url}" is not an http or https URL', zh: '地址 "{url}" 不是 http 或 https URL' },
  outboundTimeout: { en: 'No answer from {url} within {seconds} seconds', zh: '{url} 在 {seconds} 秒内没有响应' },
  outboundTooLarge: { en: 'The answer of {url} is larger than {limit} bytes', zh: '{url} 的响应超过 {limit} 字节' },
  outboundFailed: { en: 'Could not reach {url}: {detail}', zh: '无法连接 {url}：{detail}' },
  // providers (entities/provider.hooks.ts, entities/provider-routes.ts)
  providerMappingRequired: {
    en: 'This field is required: user mapping "{field}"',
    zh: '此字段为必填项：用户映射 "{field}"',
  },
  providerHeaderInvalid: { en: 'The HTTP header name "{name}" is not valid', zh: 'HTTP 头名称 "{name}" 无效' },
  samlMetadataFetchFailed: {
    en: 'Failed to fetch the metadata from {url}: HTTP {status}',
    zh: '无法从 {url} 获取元数据：HTTP {status}',
  },
  // uploads
  uploadNoFile: { en: 'The request carries no file (multipart field "file")', zh: '请求中没有文件（multipart 字段 "file"）' },
  uploadTooLarge: { en: 'The file is too large: at most {limit}', zh: '文件过大：最多 {limit}' },
  uploadBadPath: {
    en: 'The file path "{path}" is not allowed: use a relative path without "..", backslashes or control characters',
    zh: '文件路径 "{path}" 不被允许：请使用不含 ".."、反斜杠或控制字符的相对路径',
  },
  selectHtmlFile: { en: 'Please select a HTML file', zh: '请选择 HTML 文件' },
  applicationDefinitionMissing: {
    en: 'The HTML file holds no application definition (a <script type="application/json" id="{id}"> element)',
    zh: '该 HTML 文件不含应用定义（<script type="application/json" id="{id}"> 元素）',
  },
  applicationDefinitionInvalid: {
    en: 'The application definition in the HTML file is not valid JSON: {detail}',
    zh: 'HTML 文件中的应用定义不是有效的 JSON：{detail}',
  },
  uploadOtherOrganization: {
    en: 'You may only upload files of your own organization ({organization})',
    zh: '只能上传本组织（{organization}）的文件',
  },
  uploadOneFile: { en: 'Upload one file at a time', zh: '一次只能上传一个文件' },
  uploadTypeRefused: {
    en: 'Files of type {format} ({type}) cannot be uploaded here; allowed: {allowed}',
    zh: '此处不能上传 {format}（{type}）类型的文件；允许的类型：{allowed}',
  },
  badPathName: {
    en: 'The name "{name}" is not a file path: use a relative path of at most 255 characters without "..", backslashes or control characters',
    zh: '名称 "{name}" 不是有效的文件路径：请使用不超过 255 个字符、不含 ".."、反斜杠或控制字符的相对路径',
  },
  // storage providers (integrations/storage)
  storageFailed: { en: 'The storage provider "{provider}" failed: {detail}', zh: '存储提供商 "{provider}" 出错：{detail}' },
  storageTypeUnsupported: {
    en: 'The storage provider "{name}" is of type "{type}", which is not supported yet (supported: Local File System, AWS S3, MinIO)',
    zh: '存储提供商 "{name}" 的类型 "{type}" 暂不支持（支持：Local File System、AWS S3、MinIO）',
  },
  storagePrefixInvalid: {
    en: 'The path prefix "{prefix}" of the storage provider "{provider}" is not a relative path',
    zh: '存储提供商 "{provider}" 的路径前缀 "{prefix}" 不是相对路径',
  },
  // payments (integrations/payment)
  paymentTypeUnsupported: {
    en: 'The payment provider type {type} can be configured but cannot take payments yet',
    zh: '支付提供商类型 {type} 可以配置，但暂时还不能收款',
  },
  paymentPriceInvalid: {
    en: 'The price {price} is not valid: it must be a number from 0 to {max} with at most {decimals} decimal places',
    zh: '价格 {price} 无效：必须是 0 到 {max} 之间、最多 {decimals} 位小数的数字',
  },
  paymentPayerInvalid: {
    en: 'The payer "{payer}" must be a user id of the form owner/name',
    zh: '付款人 "{payer}" 必须是 owner/name 形式的用户 ID',
  },
  paymentBalanceInsufficient: {
    en: 'Insufficient user balance: the price is {price} {currency} and the balance of {user} is {balance} {currency}',
    zh: '用户余额不足：价格为 {price} {currency}，而 {user} 的余额为 {balance} {currency}',
  },
  paymentCurrencyMismatch: {
    en: 'The price is in {currency} but the balance of {user} is in {balanceCurrency}: a Balance payment needs the currency of the balance',
    zh: '价格的币种为 {currency}，而 {user} 的余额币种为 {balanceCurrency}：余额支付必须使用余额的币种',
  },
  paymentOrderInvalid: {
    en: 'The order id "{orderId}" of the payment cannot be read: {detail}',
    zh: '无法读取支付的订单号 "{orderId}"：{detail}',
  },
  paymentInvoiceUnsupported: {
    en: 'Payments through {type} payment providers have no invoices',
    zh: '通过 {type} 支付提供商的支付没有发票',
  },
  // messaging (integrations/email, sms, notification; integrations/messaging-routes.ts)
  providerNotFound: { en: 'The provider "{name}" does not exist', zh: '提供商 "{name}" 不存在' },
  providerRequired: { en: 'Name the provider to send with', zh: '请指定用于发送的提供商' },
  providerWrongCategory: {
    en: 'The provider "{name}" is of the category {category}, not {expected}',
    zh: '提供商 "{name}" 属于 {category} 类别，而不是 {expected} 类别',
  },
  providerTypeUnsupported: {
    en: 'Sending through {category} providers of type "{type}" is not supported yet',
    zh: '暂不支持通过类型为 "{type}" 的 {category} 提供商发送',
  },
  providerFieldMissing: { en: 'The provider needs a value for "{field}"', zh: '提供商的 "{field}" 不能为空' },
  providerFieldInvalid: {
    en: 'The provider\'s "{field}" value "{value}" is invalid: expected {detail}',
    zh: '提供商的 "{field}" 值 "{value}" 无效：应为 {detail}',
  },
  receiversEmpty: { en: 'Give at least one receiver', zh: '请至少填写一个接收者' },
  tooManyReceivers: { en: 'At most {max} receivers per call', zh: '每次最多 {max} 个接收者' },
  emailInvalidReceivers: { en: 'Invalid Email receivers: {receivers}', zh: '无效的邮箱接收者：{receivers}' },
  emailBadSender: {
    en: 'The sender address "{address}" is not a valid e-mail address (set the provider\'s From address or user name)',
    zh: '发件人地址 "{address}" 不是有效的邮箱地址（请设置提供商的发件人地址或用户名）',
  },
  emailEmptyParams: { en: 'The title and the content of the e-mail cannot be empty', zh: '邮件的标题和内容不能为空' },
  emailSendFailed: { en: 'Failed to send the e-mail: {detail}', zh: '邮件发送失败：{detail}' },
  smtpConnectFailed: {
    en: 'Failed to connect to the SMTP server {host}:{port}: {detail}',
    zh: '连接 SMTP 服务器 {host}:{port} 失败：{detail}',
  },
  smtpTestOnly: {
    en: 'The connection test is for SMTP providers; "{type}" has none',
    zh: '连接测试仅适用于 SMTP 提供商，"{type}" 不支持',
  },
  smsInvalidReceivers: {
    en: 'Invalid phone receivers: {receivers} (give numbers with the country code, such as +8613812345678)',
    zh: '无效的手机号接收者：{receivers}（请填写带国家区号的号码，例如 +8613812345678）',
  },
  smsEmptyCode: { en: 'The SMS content (the code) cannot be empty', zh: '短信内容（验证码）不能为空' },
  smsSendFailed: { en: 'Failed to send the SMS: {detail}', zh: '短信发送失败：{detail}' },
  notificationEmptyContent: { en: 'The notification content cannot be empty', zh: '通知内容不能为空' },
  notificationSendFailed: { en: 'Failed to send the notification: {detail}', zh: '通知发送失败：{detail}' },
  // social sign-in through OAuth identity providers (integrations/oauth, auth/provider-login.ts)
  idpTokenFailed: {
    en: 'Failed to sign in with {provider}: the identity provider refused the code ({detail})',
    zh: '通过 {provider} 登录失败：身份提供商拒绝了授权码（{detail}）',
  },
  idpUserInfoFailed: {
    en: 'Failed to sign in with {provider}: the user information could not be read ({detail})',
    zh: '通过 {provider} 登录失败：无法读取用户信息（{detail}）',
  },
  idpNoUserId: {
    en: 'The identity provider {provider} answered no user id (check the user mapping of id: "{path}")',
    zh: '身份提供商 {provider} 没有返回用户 ID（请检查 id 的用户映射："{path}"）',
  },
  idpEmailNotAllowed: { en: 'Email is invalid: {email}', zh: '电子邮箱无效：{email}' },
  providerNotInApplication: {
    en: 'The provider: {name} is not enabled for the application',
    zh: '提供商 {name} 未在该应用中启用',
  },
  providerMethodInvalid: {
    en: 'The method "{method}" is not valid: use signup or link',
    zh: '方法 "{method}" 无效：请使用 signup 或 link',
  },
  providerStateInvalid: {
    en: 'The sign-in state is invalid or belongs to another browser: please start signing in again',
    zh: '登录状态无效或属于其他浏览器：请重新开始登录',
  },
  providerStateExpired: {
    en: 'The sign-in with the identity provider took too long: please start signing in again',
    zh: '通过身份提供商登录耗时过长：请重新开始登录',
  },
  providerRedirectMismatch: {
    en: 'The redirect URI "{uri}" is not the one this sign-in started with',
    zh: '回调地址 "{uri}" 与本次登录开始时的地址不一致',
  },
  providerSignupNotAllowed: {
    en: 'The account for provider: {type} and username: {username} ({displayName}) does not exist and is not allowed to sign up as new account, please contact your IT support',
    zh: '提供商 {type} 的账号 {username}（{displayName}）不存在，且不允许注册新账号，请联系 IT 支持',
  },
  providerSignupNotAllowedVia: {
    en: 'The account for provider: {type} and username: {username} ({displayName}) does not exist and is not allowed to sign up as new account via {type}, please use another way to sign up',
    zh: '提供商 {type} 的账号 {username}（{displayName}）不存在，且不允许通过 {type} 注册新账号，请使用其他方式注册',
  },
  providerLinkedToOther: {
    en: 'The account for provider: {type} and username: {username} ({displayName}) is already linked to another account: {name} ({otherDisplayName})',
    zh: '提供商 {type} 的账号 {username}（{displayName}）已绑定到其他账号：{name}（{otherDisplayName}）',
  },
  providerLinkOtherOrganization: {
    en: 'The application "{application}" belongs to the organization "{organization}": accounts of other organizations cannot be linked through it',
    zh: '应用 "{application}" 属于组织 "{organization}"：其他组织的账号不能通过它绑定',
  },
  providerNotLinked: { en: 'Please link first', zh: '请先绑定' },
  providerCannotUnlink: { en: "This provider can't be unlinked", zh: '该提供商不允许解绑' },
  // sign-in with a wallet (integrations/web3)
  web3TokenInvalid: {
    en: 'The Web3 sign-in token is invalid: {detail}',
    zh: 'Web3 登录令牌无效：{detail}',
  },
  web3SignatureInvalid: {
    en: 'The Web3 signature is invalid: no address signed this request',
    zh: 'Web3 签名无效：无法从签名恢复出地址',
  },
  web3WrongSigner: {
    en: 'The request was signed by {signer}, not by the address {address}',
    zh: '该请求由 {signer} 签名，而不是地址 {address}',
  },
  web3NonceMismatch: {
    en: 'The signed request does not carry the nonce of this sign-in: please sign in again',
    zh: '签名的请求不包含本次登录的随机数：请重新登录',
  },
  web3NonceUsed: {
    en: 'The nonce of this signed request has already been used or has expired: please sign in again',
    zh: '该签名请求的随机数已被使用或已过期：请重新登录',
  },
  web3Stale: {
    en: 'The request was signed at {createAt}, not within the last {minutes} minutes: please sign in again',
    zh: '该请求签名于 {createAt}，不在最近 {minutes} 分钟内：请重新登录',
  },
  // verification codes (integrations/verification)
  verificationEmailProviderMissing: {
    en: 'please add an Email provider to the "Providers" list for the application: {application}',
    zh: '请添加一个Email提供商到应用：{application} 的"提供商"列表',
  },
  verificationSmsProviderMissing: {
    en: 'please add a SMS provider to the "Providers" list for the application: {application}',
    zh: '请添加一个SMS提供商到应用：{application} 的"提供商"列表',
  },
  verificationUserMissing: { en: 'the user does not exist, please sign up first', zh: '用户不存在，请先注册' },
  verificationTypeUnknown: { en: 'Unknown type "{type}": use email or phone', zh: '未知类型 "{type}"：请使用 email 或 phone' },
  verificationMethodUnknown: {
    en: 'Unknown method "{method}": use signup, login, forget, reset, mfaSetup or mfaAuth',
    zh: '未知方法 "{method}"：请使用 signup、login、forget、reset、mfaSetup 或 mfaAuth',
  },
  verificationPhoneInvalid: { en: 'Phone number is invalid in your region {region}', zh: '您所在地区的电话号码无效 {region}' },
  verificationForgetDisabled: { en: 'The forgot password feature is disabled', zh: '忘记密码功能已被禁用' },
  verificationResendTooSoon: { en: 'You can only send one code in {seconds}s.', zh: '{seconds} 秒内只能发送一次验证码。' },
  verificationIpLimit: {
    en: 'Too many verification codes were requested from your address (at most {limit} an hour), please try again later',
    zh: '您的地址请求的验证码过多（每小时最多 {limit} 个），请稍后再试',
  },
  verificationNotSent: { en: 'The verification code has not been sent yet!', zh: '验证码未发送！' },
  verificationExpired: { en: 'You should verify your code in {minutes} min!', zh: '请在 {minutes} 分钟内输入正确验证码' },
  verificationWrong: { en: 'Wrong verification code!', zh: '验证码错误！' },
  verificationUsed: { en: 'The verification code has already been used!', zh: '验证码已使用过！' },
  verificationBurnt: {
    en: 'The wrong code was entered too many times: this code can no longer be used, please send a new one',
    zh: '验证码错误次数过多，该验证码已失效，请重新发送',
  },
  verificationCodeEmpty: { en: 'Empty code', zh: '验证码不能为空' },
  verificationNotVerified: {
    en: 'Please verify the code sent to you first: there is no verified code for this account, or it was used or has expired',
    zh: '请先验证发送给您的验证码：该账号没有已验证的验证码，或验证码已使用或已过期',
  },
  userNotExist: { en: "The user: {id} doesn't exist", zh: '用户：{id} 不存在' },
  codeSigninEmailDisabled: {
    en: 'The login method: login with email is not enabled for the application',
    zh: '该应用禁止采用邮箱登录方式',
  },
  codeSigninSmsDisabled: {
    en: 'The login method: login with SMS is not enabled for the application',
    zh: '该应用禁止采用短信登录方式',
  },
} as const satisfies Record<string, { en: string; zh: string }>;

export type MessageKey = keyof typeof catalogue;
export type Lang = 'en' | 'zh';
export type MessageParams = Record<string, string | number>;

export function langOf(acceptLanguage: string | undefined): Lang {
  return acceptLanguage?.trim().toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

export function translate(key: MessageKey, lang: Lang, params: MessageParams = {}): string {
  const template: string = catalogue[key][lang];
  return template.replace(/\{(\w+)\}/g, (_, p: string) => (p in params ? String(params[p]) : `{${p}}`));
}

/** Every key, for the catalogue test. */
export const MESSAGE_KEYS = Object.keys(catalogue) as MessageKey[];
