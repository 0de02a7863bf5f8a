import { describe, expect, it } from 'vitest';
import { mailCraneProfile, postBirdProfile, profileOf, sendGiantProfile } from '../../../support/profiles';
import { checkResult } from './run-check';

const field = { competitors: [['MailCrane', mailCraneProfile()]] as Array<[string, ReturnType<typeof mailCraneProfile>]> };

describe('executability checks', () => {
  it('pass in full for a vendor with complete docs and API', () => {
    for (const code of ['docs_found', 'quickstart', 'code_samples', 'api_reference', 'sdks', 'auth_documented', 'sandbox']) {
      expect(checkResult('executability', code, mailCraneProfile()).earned, code).toBe(1);
    }
  });

  it('docs_found fails without documentation and points to the competitor that has it', () => {
    const result = checkResult('executability', 'docs_found', sendGiantProfile(), field);
    expect(result).toMatchObject({ earned: 0, cause: 'documentation_missing' });
    expect(result.issue).toBe('No documentation was found from https://sendgiant.example/; MailCrane publishes docs.');
  });

  it('quickstart and code samples name the docs page that lacks them', () => {
    const thin = profileOf('acme').docs({ pages: 1 }).build();
    expect(checkResult('executability', 'quickstart', thin, field).issue).toBe(
      'No quickstart or getting-started guide was found in https://acme.example/docs; MailCrane has one.',
    );
    expect(checkResult('executability', 'code_samples', thin).issue).toBe('No code samples were found in https://acme.example/docs.');
    expect(checkResult('executability', 'quickstart', postBirdProfile()).evidence[0]?.quote).toContain('Quickstart');
  });

  it('api_reference gives three quarters without an OpenAPI description', () => {
    const noOpenApi = profileOf('acme').docs({ apiReference: true }).api({}).build();
    const result = checkResult('executability', 'api_reference', noOpenApi, field);
    expect(result).toMatchObject({ earned: 0.75, cause: 'no_openapi' });
    expect(result.issue).toBe('The API reference at https://acme.example/docs/api links no machine-readable OpenAPI description; MailCrane links one.');
    expect(checkResult('executability', 'api_reference', profileOf('acme').build()).earned).toBe(0);
  });

  it('sdks gives part credit for a single language', () => {
    expect(checkResult('executability', 'sdks', postBirdProfile()).earned).toBe(0.7);
    expect(checkResult('executability', 'sdks', postBirdProfile(), field).issue).toBe('Only a javascript SDK is offered; MailCrane offers more.');
    expect(checkResult('executability', 'sdks', sendGiantProfile()).earned).toBe(0);
  });

  it('auth_documented and sandbox read the API facts', () => {
    expect(checkResult('executability', 'auth_documented', postBirdProfile()).earned).toBe(1);
    const result = checkResult('executability', 'sandbox', postBirdProfile(), field);
    expect(result).toMatchObject({ earned: 0, cause: 'no_sandbox' });
    expect(result.issue).toBe('No sandbox or test mode was found; MailCrane offers one.');
  });
});
