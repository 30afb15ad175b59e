import type { Role } from '@bridge-talk/contract';

export interface MenuItem {
  to: string;
  label: string;
}

/** The side menu of each role (spec section 2). */
export const MENUS: Record<Role, MenuItem[]> = {
  admin: [
    { to: '/entity-management', label: 'Entity Management' },
    { to: '/bridge-talk-admin', label: 'Bridge Talk Admin' },
    { to: '/payments', label: 'Payments' },
    { to: '/terms-conditions', label: 'Terms and Conditions' },
  ],
  entity: [
    { to: '/manage-families', label: 'Manage Families' },
    { to: '/add-new-family', label: 'Add New Family' },
  ],
};
