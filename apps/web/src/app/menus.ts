import { AGREEMENT_MSG, MSG, type Role } from '@bridge-talk/contract';

export interface MenuItem {
  to: string;
  label: string;
  /** A count shown beside the label. */
  badge?: 'openReports' | 'agreementsDue';
}

/** The side menu of each role. */
export const MENUS: Record<Role, MenuItem[]> = {
  admin: [
    { to: '/entity-management', label: MSG.nav.entityManagement },
    { to: '/bridge-talk-admin', label: MSG.nav.bridgeTalkAdmin },
    { to: '/payments', label: MSG.nav.payments },
    { to: '/terms-conditions', label: MSG.nav.termsAndConditions },
    { to: '/activity', label: MSG.activity.platformTitle },
  ],
  entity: [
    { to: '/manage-families', label: MSG.nav.manageFamilies },
    { to: '/add-new-family', label: MSG.nav.addNewFamily },
    { to: '/reports', label: MSG.reports.title, badge: 'openReports' },
    { to: '/agreements-due', label: AGREEMENT_MSG.dueTitle, badge: 'agreementsDue' },
  ],
};
