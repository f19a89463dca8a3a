/**
 * The door of Punchcard's own loopback HTTP servers: web mode (`src/web`) and the built-in demo service
 * (`src/sandbox`) use the same checks and the same connection caps, written once.
 */
export {
  allowedHosts,
  bearerToken,
  BodyTooLarge,
  bodyTypeAllowed,
  hasBody,
  hostAllowed,
  newRunToken,
  originAllowed,
  readBody,
  tokenMatches,
  type BodyType,
} from './guard';
export { createCappedServer, DEFAULT_CAPS, type ServerCaps } from './server-caps';
