/**
 * The service's data centres (real-service-notes "Hosts and sign-in"): each has its own API host and accounts server.
 * A real account must use the pair of its own data centre; tokens of one do not work in another.
 */
import { accountWords } from '../account-words';
import { InvalidInputError } from '../../service';

export interface DataCentre {
  /** API base URL; request paths then start with /api/... */
  apiBase: string;
  /** OAuth accounts server (authorization and token endpoints under /oauth/v2/). */
  accounts: string;
}

const zoho = (dc: string): DataCentre => ({ apiBase: `https://people.zoho.${dc}/people`, accounts: `https://accounts.zoho.${dc}` });

export const DATA_CENTRES: Readonly<Record<string, DataCentre>> = {
  com: zoho('com'),
  eu: zoho('eu'),
  in: zoho('in'),
  'com.au': zoho('com.au'),
  jp: zoho('jp'),
  // Canada is not zoho.<dc>: its hosts are zohocloud.ca.
  'zohocloud.ca': { apiBase: 'https://people.zohocloud.ca/people', accounts: 'https://accounts.zohocloud.ca' },
  sa: zoho('sa'),
  'com.cn': zoho('com.cn'),
};

/**
 * Looks a data centre up by its code (`com`, `eu`, ... also `ca` for Canada). `extra` adds or overrides data centres
 * (tests point a code at the local accounts server and sandbox).
 */
export function resolveDataCentre(code: string, extra: Record<string, DataCentre> = {}): DataCentre {
  const key = code.trim().toLowerCase().replace(/^\./, '');
  const found = extra[key] ?? DATA_CENTRES[key] ?? (key === 'ca' ? DATA_CENTRES['zohocloud.ca'] : undefined);
  if (!found) {
    const known = [...Object.keys(DATA_CENTRES), ...Object.keys(extra)];
    throw new InvalidInputError(accountWords.unknownDataCentre(code, known), []);
  }
  return found;
}
