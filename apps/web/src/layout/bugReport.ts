/**
 * Where "Report bug" sends the description: the configured bug_report_url (a mailto: address or a web form that
 * accepts subject and description parameters), else a mail to nobody in particular that the user addresses.
 */
export interface BugReport {
  description: string;
  page: string;
  reporter: string;
  version: string;
}

function reportBody(report: BugReport): string {
  return [
    report.description.trim(),
    '',
    `Page: ${report.page}`,
    `Reporter: ${report.reporter}`,
    `Version: ${report.version}`,
  ].join('\n');
}

const SUBJECT = 'Agency Portal bug report';

export function bugReportLink(bugReportUrl: string | null | undefined, report: BugReport): string {
  const body = reportBody(report);
  if (bugReportUrl && /^https?:\/\//i.test(bugReportUrl)) {
    const url = new URL(bugReportUrl);
    url.searchParams.set('subject', SUBJECT);
    url.searchParams.set('description', body);
    return url.toString();
  }
  const address = bugReportUrl?.toLowerCase().startsWith('mailto:') ? bugReportUrl.slice('mailto:'.length) : '';
  return `mailto:${address}?subject=${encodeURIComponent(SUBJECT)}&body=${encodeURIComponent(body)}`;
}
