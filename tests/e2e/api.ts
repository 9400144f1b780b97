// The server's GraphQL API as the single-user default account, for e2e tests that arrange or check state beside
// what the page shows.
import { SINGLE_USER_TOKEN } from '../../src/domain/constants';

/** POSTs `query` to `${baseUrl}/graphql` with the single-user token; an answer without data throws its errors. */
export async function singleUserGql<T = Record<string, unknown>>(
  baseUrl: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${SINGLE_USER_TOKEN}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T | null; errors?: unknown };
  if (!body.data) throw new Error(`server call failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}
