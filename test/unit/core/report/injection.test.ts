import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { ReportSchema } from '../../../../server/contracts/report';
import { buildReport, renderReportHtml } from '../../../../server/core/report';
import { reportFixture } from './report-fixture';

const SCRIPT = '<script>alert(1)</script>';
const IMG = '"><img src=x onerror=alert(1)>';
const STYLE_BREAK = '</style><script>alert(2)</script>';
const JS_URL = 'javascript:alert(1)';

/** Hostile text wherever a website, a model or a user supplies it. */
function hostileInput() {
  const input = reportFixture({
    vendorNames: [`${SCRIPT} Acme`, `${IMG} Globex`, `${STYLE_BREAK} Initech`],
    task: `Buy analytics ${SCRIPT}`,
    quote: IMG,
    response: STYLE_BREAK,
    pricingUrl: JS_URL,
  });
  input.scenario.requirements.push(IMG);
  input.scenario.category = STYLE_BREAK;
  input.evaluation.models = [...input.evaluation.models, `ollama:${IMG}`];
  const [firstCause] = input.results.diagnosis.root_causes;
  firstCause!.issue = `Issue ${SCRIPT}`;
  firstCause!.fix = `Fix ${IMG}`;
  input.profiles[0]!.summary = STYLE_BREAK;
  input.profiles[0]!.pages[0]!.final_url = `https://acme.example/"onmouseover="alert(1)`;
  input.runs[0]!.error = SCRIPT;
  input.runs[0]!.status = 'failed';
  return input;
}

describe('report escaping of hostile text', () => {
  const report = buildReport(hostileInput());
  const out = renderReportHtml(report);
  const $ = load(out);

  it('keeps the JSON document valid', () => {
    expect(ReportSchema.safeParse(report).success).toBe(true);
  });

  it('lets no script, image or event handler through', () => {
    expect(out).not.toMatch(/<script/i);
    expect(out).not.toMatch(/<img/i);
    expect($('script, img').length).toBe(0);
    expect(out).not.toMatch(/<[^>]*\son[a-z]+=/i);
    const handlers = $('*')
      .map((_, element) => Object.keys((element as { attribs?: Record<string, string> }).attribs ?? {}))
      .get()
      .filter((name: string) => /^on/i.test(name));
    expect(handlers).toEqual([]);
  });

  it('closes the style sheet exactly once', () => {
    expect(out.match(/<\/style>/gi)).toHaveLength(1);
  });

  it('never puts a javascript: URL in an href, but shows it as text', () => {
    expect(out).not.toMatch(/href="\s*javascript:/i);
    for (const href of $('[href]').map((_, element) => $(element).attr('href')).get()) {
      expect(href).toMatch(/^https?:\/\//);
    }
    expect($('span.url').filter((_, element) => $(element).text() === JS_URL).length).toBeGreaterThan(0);
  });

  it('shows the hostile text to the reader as the literal characters it was', () => {
    const text = $('body').text();
    for (const literal of [`${SCRIPT} Acme`, `${IMG} Globex`, `${STYLE_BREAK} Initech`, `Buy analytics ${SCRIPT}`, `Fix ${IMG}`]) {
      expect(text).toContain(literal);
    }
    expect($('h1').text()).toBe(`${SCRIPT} Acme`);
    expect($('title').text()).toContain(`${SCRIPT} Acme`);
  });
});
