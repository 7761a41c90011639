import { splitId } from '@gatehouse/entities';
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { originOf } from '../../http/origin.js';
import { queryParam } from '../../http/params.js';
import { ATTRNAME_FORMAT_BASIC, BINDING, NS } from '../../integrations/saml/urns.js';
import { el, serialize } from '../../integrations/saml/xml.js';
import { samlApplication, samlSigningKey } from './application.js';
import { SUPPORTED_NAMEID_FORMATS } from './name-id.js';
import { ssoEndpoints } from './request.js';

/**
 * GET /api/saml/metadata?application=admin/<name>&enablePostBinding=true: the IdP's
 * EntityDescriptor. entityID is the origin (Casdoor's originBackend); the signing certificate is
 * the application's cert; the SingleSignOnService is /api/saml/redirect/admin/<name> for the
 * HTTP-Redirect binding, and for HTTP-POST too when enablePostBinding=true.
 */
export async function samlMetadata(server: ServerContext, request: FastifyRequest): Promise<string> {
  const named = queryParam(request, 'application');
  if (!named) throw new AppError('missingParameter', { name: 'application' }, 400);
  const id = splitId(named);
  if (!id) throw new AppError('badId', { id: named }, 400);
  const app = await samlApplication(server, id.owner, id.name, 404);
  const key = await samlSigningKey(server, app);
  const origin = originOf(server.config, request);
  const [location = ''] = ssoEndpoints(origin, app);
  const bindings = ['true', '1'].includes(queryParam(request, 'enablePostBinding'))
    ? [BINDING.redirect, BINDING.post]
    : [BINDING.redirect];

  const descriptor = el('md:EntityDescriptor', { 'xmlns:md': NS.metadata, 'xmlns:ds': NS.ds, entityID: origin }, [
    el(
      'md:IDPSSODescriptor',
      {
        protocolSupportEnumeration: NS.protocol,
        WantAuthnRequestsSigned: app.samlSpCert ? 'true' : undefined,
      },
      [
        el('md:KeyDescriptor', { use: 'signing' }, [
          el('ds:KeyInfo', {}, [el('ds:X509Data', {}, [el('ds:X509Certificate', {}, [key.certificate])])]),
        ]),
        // Exactly the formats an AuthnRequest may ask for (request.ts refuses the others).
        ...SUPPORTED_NAMEID_FORMATS.map((format) => el('md:NameIDFormat', {}, [format])),
        ...bindings.map((binding) => el('md:SingleSignOnService', { Binding: binding, Location: location })),
        // The attributes every response carries (as Casdoor's metadata lists them).
        ...[
          ['Email', 'E-Mail'],
          ['DisplayName', 'displayName'],
          ['Name', 'Name'],
        ].map(([name, friendly]) =>
          el('saml:Attribute', {
            'xmlns:saml': NS.assertion,
            Name: name,
            NameFormat: ATTRNAME_FORMAT_BASIC,
            FriendlyName: friendly,
          }),
        ),
      ],
    ),
  ]);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${serialize(descriptor)}`;
}
