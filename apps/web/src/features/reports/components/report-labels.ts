import { MSG, type Report } from '@bridge-talk/contract';

/** 'Channel n', or a channel the provider no longer knows. */
export function channelLabel(report: Pick<Report, 'channelNumber'>): string {
  return report.channelNumber === null
    ? MSG.reports.unknownChannel
    : MSG.reports.channelName(report.channelNumber);
}

/** 'Family, Channel n'. */
export function reportWhere(report: Pick<Report, 'familyName' | 'channelNumber'>): string {
  return `${report.familyName}, ${channelLabel(report)}`;
}

/** The conversation, opened at the reported message (a deep link that survives a reload). */
export function reportLink(report: Pick<Report, 'groupId' | 'channelId' | 'messageId'>): string {
  return `/manage-families/${encodeURIComponent(report.groupId)}/channel/${encodeURIComponent(report.channelId)}?message=${encodeURIComponent(report.messageId)}`;
}
