import { load, type CheerioAPI } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { FUNNEL_STAGES } from '../../../../server/contracts';
import { buildReport, renderReportHtml } from '../../../../server/core/report';
import { SCORE_DEFINITIONS } from '../../../../server/core/scoring/definitions';
import { pointInterval, pointIntervals } from '../../../../server/core/scoring/intervals';
import { reportFixture, type ReportFixtureOptions } from './report-fixture';

function rendered(options: ReportFixtureOptions = {}): { out: string; $: CheerioAPI } {
  const out = renderReportHtml(buildReport(reportFixture(options)));
  return { out, $: load(out) };
}

/** Visible text with whitespace collapsed, as a reader sees it. */
function textOf($: CheerioAPI, selector: string): string {
  return $(selector).text().replace(/\s+/g, ' ').trim();
}

describe('renderReportHtml: content', () => {
  const { out, $ } = rendered();

  it('is one HTML document with the sections in reading order', () => {
    expect(out.startsWith('<!DOCTYPE html>')).toBe(true);
    expect($('h1').text()).toBe('Acme Analytics');
    expect($('h2').map((_, element) => $(element).text()).get()).toEqual([
      'Headline',
      'The funnel of Acme Analytics',
      'Competitive comparison',
      'Recommendations',
      'Trace excerpts',
      'Vendor profiles',
      'How the numbers are computed',
    ]);
    expect($('footer.report-footer').length).toBe(1);
  });

  it('heads the report with the customer, the task, the date and the models', () => {
    const header = textOf($, 'header.report-header');
    expect(header).toContain('Find a product analytics tool for a 20-person SaaS team');
    expect(header).toContain('2025-05-12 10:15 UTC');
    expect(header).toContain('rules, openai:gpt-4o-mini');
    expect(header).toContain('100 USD per month');
    expect($('.warning').length).toBe(0);
  });

  it('shows the headline numbers with their scale', () => {
    const headline = textOf($, 'section.headline');
    expect($('section.headline svg.gauge').attr('aria-label')).toBe('Overall score: 49 out of 100');
    expect(headline).toContain('2 of 3');
    expect(headline).toContain('77.5 / 100 Comprehension');
    expect(headline).toContain('25 / 100 Completion');
    expect(headline).toContain('Publish plan prices on the pricing page');
    expect(headline).toContain('+11 overall');
  });

  it('names every vendor and shows every stage score in the comparison, the customer highlighted', () => {
    const rows = $('table.heatmap tbody tr');
    expect(rows.length).toBe(3);
    for (const name of ['Globex Metrics', 'Acme Analytics', 'Initech Insights']) expect(out).toContain(name);
    const customer = $('table.heatmap tr.is-customer');
    expect(customer.length).toBe(1);
    expect(textOf($, 'table.heatmap tr.is-customer th')).toBe('Acme Analytics Your product https://acme.example/');
    expect(customer.find('td.cell .cell-score').map((_, cell) => $(cell).text()).get()).toEqual(['67.5', '77.5', '47.5', '27.5', '25']);
    expect(customer.find('td.cell .stage-rank').map((_, cell) => $(cell).text()).get()).toEqual(['#2', '#1', '#2', '#3', '#3']);
    expect(customer.find('td.rank').text()).toBe('2');
    expect(customer.find('td.overall .overall-score').text()).toBe('49');
    expect(textOf($, 'table.heatmap tbody tr:first-child')).toContain('Globex Metrics');
  });

  it('shows the spread of every score, not just the mean, and says which vendors the samples cannot tell apart', () => {
    const customer = $('table.heatmap tr.is-customer');
    // Two models, one sample each: consideration 70 and 65 → 67.5 ± 12.706 × 2.5.
    expect(customer.find('td.cell .cell-interval').map((_, cell) => $(cell).text()).get()).toEqual([
      '35.7–99.3',
      '45.7–100',
      '15.7–79.3',
      '0–59.3',
      '0–88.5',
    ]);
    expect(customer.find('td.overall .cell-interval').text()).toBe('44.5–53.5');
    expect(customer.find('td.overall .tied').text()).toBe('tied with Initech Insights');
    expect(textOf($, 'table.heatmap tbody tr:first-child td.overall')).not.toContain('tied');
    expect(textOf($, 'table.stage-table tbody tr:first-child')).toContain('35.7–99.3');
    const bars = $('svg.funnel-chart g.error-bar');
    expect(bars.length).toBe(5);
    expect(bars.first().attr('data-low')).toBe('35.7');
    expect(bars.first().attr('data-high')).toBe('99.3');
    expect(textOf($, '.headline .tile-overall')).toContain('44.5–53.5');
  });

  it('says a single sample shows no spread instead of drawing an error bar', () => {
    const fixture = reportFixture();
    const scores = fixture.results.scores;
    const pointOnly = {
      ...fixture,
      results: {
        ...fixture.results,
        scores: {
          ...scores,
          funnel_intervals: pointIntervals(scores.funnel_scores),
          vendor_rankings: scores.vendor_rankings.map((ranking) => ({
            ...ranking,
            interval: pointInterval(ranking.score),
            funnel_intervals: pointIntervals(ranking.funnel_scores),
            tied_with: [],
          })),
        },
      },
    };
    const page = load(renderReportHtml(buildReport(pointOnly)));
    expect(page('svg.funnel-chart g.error-bar').length).toBe(0);
    expect(textOf(page, 'table.stage-table tbody tr:first-child')).toContain('one sample: no spread measured');
    expect(page('table.heatmap .tied').length).toBe(0);
  });

  it('states what the runs cost in the header', () => {
    // gpt-4o-mini: 15 runs of 2,000 input and 500 output tokens at $0.15 and $0.60 per million.
    expect(textOf($, '.meta-grid')).toContain('Cost$0.0090 · 30,000 input and 7,500 output tokens');
  });

  it('lists the recommendations in priority order with impact, stage, fix, evidence and measured effect', () => {
    const cards = $('ol.recommendations > li');
    expect(cards.length).toBe(3);
    const first = textOf($, 'ol.recommendations > li:first-child');
    expect(first).toContain('High impact');
    expect(first).toContain('Completion');
    expect(first).toContain('−35 stage points of 100');
    expect(first).toContain('Completion 25 → 70 (+45), overall 49 → 60 (+11)');
    expect(first).toContain('https://acme.example/pricing');
    const report = buildReport(reportFixture());
    for (const cause of report.diagnosis.root_causes) expect(textOf($, 'body')).toContain(cause.issue);
    for (const cause of report.diagnosis.root_causes.filter((item) => item.is_customer)) {
      expect(textOf($, 'ol.recommendations')).toContain(cause.fix);
    }
    expect(textOf($, 'ol.recommendations > li:nth-child(2)')).toContain('Effect not measured');
  });

  it('gives the costliest causes a card and lists the rest in a table, every fix shown', () => {
    const input = reportFixture();
    for (let index = 1; index <= 8; index += 1) {
      input.results.diagnosis.root_causes.push({
        stage: 'comprehension',
        code: `minor_${index}`,
        vendor_id: 'acme',
        impact: 'low',
        points_lost: 9 - index,
        issue: `Minor issue ${index}`,
        fix: `Minor fix ${index}`,
        evidence: [{ source_url: `https://acme.example/page-${index}`, detail: 'seen' }],
      });
    }
    const $many = load(renderReportHtml(buildReport(input)));
    expect($many('ol.recommendations > li').length).toBe(6);
    const rows = $many('table.further-causes tbody tr');
    expect(rows.length).toBe(5);
    expect(rows.first().find('td').first().text()).toBe('7');
    expect(textOf($many, 'table.further-causes')).toContain('Minor fix 8');
    expect(textOf($many, 'table.further-causes')).toContain('https://acme.example/page-8');
    for (let index = 1; index <= 8; index += 1) expect(textOf($many, 'body')).toContain(`Minor fix ${index}`);
    // A measured effect travels with its cause into the table.
    input.results.diagnosis.causal_variants[0]!.code = 'minor_8';
    const $moved = load(renderReportHtml(buildReport(input)));
    expect(textOf($moved, 'table.further-causes tbody tr:last-child')).toContain('Measured rules: Comprehension');
  });

  it('shows a readable trace excerpt per stage, long text cut with an ellipsis', () => {
    const traces = $('article.trace');
    expect(traces.length).toBe(5);
    expect(out).toMatch(/pre\.excerpt \{[^}]*white-space: pre-wrap/);
    const prompts = $('article.trace .text-block')
      .filter((_, block) => $(block).find('.block-label').text().startsWith('Prompt'))
      .map((_, block) => $(block).find('pre').text())
      .get();
    expect(prompts).toHaveLength(5);
    for (const prompt of prompts) {
      expect(prompt.endsWith('…')).toBe(true);
      expect(prompt.length).toBeLessThanOrEqual(601);
    }
    expect(textOf($, 'article.trace:last-of-type')).toContain('2 / 10');
  });

  it('summarises every vendor profile', () => {
    expect($('article.profile').length).toBe(3);
    const acme = textOf($, 'article.profile.is-customer');
    expect(acme).toContain('Not published (contact sales)');
    expect(acme).toContain('45 / 100');
    expect(textOf($, 'article.profile:nth-of-type(2)')).toContain('cheapest: Annual, 480 USD a year (40 USD a month)');
  });

  it('prints every score definition, and places definitions beside the numbers', () => {
    const definitions = textOf($, 'dl.definitions');
    for (const definition of SCORE_DEFINITIONS) {
      expect(definitions).toContain(definition.term);
      expect(definitions).toContain(definition.definition.replace(/\s+/g, ' '));
    }
    expect(textOf($, 'section.headline .definition-note')).toContain('Overall score');
    expect(textOf($, 'section.funnel .definition-note')).toContain('Stage score');
  });
});

describe('renderReportHtml: the funnel chart', () => {
  const report = buildReport(reportFixture());
  const $ = load(renderReportHtml(report));
  const bars = $('svg.funnel-chart rect.bar');

  it('draws five bars in funnel order', () => {
    expect(bars.length).toBe(5);
    expect(bars.map((_, bar) => $(bar).attr('data-stage')).get()).toEqual([...FUNNEL_STAGES]);
    expect($('svg.funnel-chart title').first().text()).toContain('Consideration 67.5');
  });

  it('makes each bar height proportional to its score on a 0 to 100 axis', () => {
    const heights = bars.map((_, bar) => Number($(bar).attr('height'))).get();
    const scores = report.funnel.map((entry) => entry.score);
    const ratios = heights.map((height, index) => height / scores[index]!);
    for (const ratio of ratios) expect(ratio).toBeCloseTo(ratios[0]!, 2);
    // All bars stand on the same baseline.
    const bottoms = bars.map((_, bar) => Number($(bar).attr('y')) + Number($(bar).attr('height'))).get();
    expect(new Set(bottoms).size).toBe(1);
    // A full score fills the whole axis: 100 reaches the top gridline.
    const ticks = $('svg.funnel-chart line').map((_, line) => Number($(line).attr('y1'))).get();
    expect(Math.max(...ticks) - Math.min(...ticks)).toBeCloseTo(ratios[0]! * 100, 1);
  });

  it('draws a zero score as an empty bar', () => {
    const input = reportFixture();
    input.results.scores.funnel_scores.completion = 0;
    const zero = load(renderReportHtml(buildReport(input)))('rect.bar[data-stage="completion"]');
    expect(zero.attr('height')).toBe('0');
  });
});

describe('renderReportHtml: self-contained and printable', () => {
  const { out, $ } = rendered();

  it('declares a policy that forbids every fetch and script', () => {
    expect($('meta[http-equiv="Content-Security-Policy"]').attr('content')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
    );
  });

  it('references nothing outside the document', () => {
    expect(out).not.toMatch(/<link|<script|<img|<iframe|<object|<embed/i);
    expect(out).not.toMatch(/\ssrc=/i);
    expect(out).not.toMatch(/@import|url\(/i);
    expect(out).not.toMatch(/src="http/i);
    for (const href of $('[href]').map((_, element) => $(element).attr('href')).get()) {
      expect(href).toMatch(/^https?:\/\//);
    }
    const attributes = $('*')
      .map((_, element) => Object.keys((element as { attribs?: Record<string, string> }).attribs ?? {}))
      .get();
    expect(attributes.filter((name: string) => /^on/i.test(name))).toEqual([]);
  });

  it('carries print rules: page breaks between sections, unbroken cards and rows, exact colours', () => {
    const css = $('style').text();
    expect(css).toContain('@media print');
    expect(css).toMatch(/\.section\.page-break \{[^}]*break-before: page/);
    expect(css).toMatch(/\.card \{[^}]*break-inside: avoid/);
    expect(css).toMatch(/\.data-table tr \{[^}]*break-inside: avoid/);
    expect(css).toContain('print-color-adjust: exact');
    expect($('section.page-break').length).toBe(4);
  });
});

describe('renderReportHtml: failed runs', () => {
  it('warns that the results are partial and lists each failed run with its error', () => {
    const { $ } = rendered({ failedRuns: 3 });
    expect(textOf($, '.warning')).toContain('Partial results. 3 runs of 30 failed');
    const rows = $('table.failed-runs tbody tr');
    expect(rows.length).toBe(3);
    expect(rows.first().text()).toContain('429 Too Many Requests');
    expect(rows.first().text()).toContain('Acme Analytics');
  });

  it('warns when the scores are partial even if no stored run is marked failed', () => {
    const input = reportFixture();
    input.results.scores.partial = true;
    const $ = load(renderReportHtml(buildReport(input)));
    expect(textOf($, '.warning')).toContain('Partial results. Not every planned run completed');
    expect($('table.failed-runs').length).toBe(0);
  });

  it('says which stage has no completed run instead of an excerpt', () => {
    const input = reportFixture();
    for (const run of input.runs) {
      if (run.vendor_id === 'acme' && run.stage === 'executability') Object.assign(run, { status: 'failed', score: null, error: 'timeout' });
    }
    const $ = load(renderReportHtml(buildReport(input)));
    expect(textOf($, 'article.trace:nth-of-type(4)')).toBe('Executability No run of Acme Analytics completed for this stage.');
  });
});
