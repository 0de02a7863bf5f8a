import robotsParser from 'robots-parser';

/** robots.txt: what this ingestion may read, and which AI crawlers the site shuts out. */

export const AI_AGENTS = [
  'GPTBot',
  'ChatGPT-User',
  'OAI-SearchBot',
  'ClaudeBot',
  'Claude-User',
  'PerplexityBot',
  'Google-Extended',
  'CCBot',
  'anthropic-ai',
] as const;

export interface RobotsRules {
  /** A robots.txt was served. */
  found: boolean;
  allows(url: string): boolean;
  /** AI crawlers disallowed from the site's root. */
  blockedAgents(): string[];
  sitemaps: string[];
}

export const NO_ROBOTS: RobotsRules = { found: false, allows: () => true, blockedAgents: () => [], sitemaps: [] };

/** A robots.txt body counts only when it is not an HTML page served in its place. */
export function looksLikeRobotsTxt(body: string, contentType: string): boolean {
  return !/html/i.test(contentType) && !/^\s*</.test(body);
}

export function parseRobots(robotsUrl: string, body: string, userAgent: string): RobotsRules {
  const robots = robotsParser(robotsUrl, body);
  const root = new URL('/', robotsUrl).href;
  return {
    found: true,
    // A URL the file does not cover (another origin) is not forbidden by it.
    allows: (url) => robots.isAllowed(url, userAgent) !== false,
    blockedAgents: () => AI_AGENTS.filter((agent) => robots.isDisallowed(root, agent) === true),
    sitemaps: robots.getSitemaps(),
  };
}
