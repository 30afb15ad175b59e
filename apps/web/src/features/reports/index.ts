// The reports feature as other features and the app shell use it.
export { OpenReportsBadge } from './components/open-reports-badge.js';
export { ReportAlertsSetting } from './components/report-alerts-setting.js';
