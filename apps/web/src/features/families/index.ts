// What other features use of the families area: a family sub-page's name, breadcrumbs and way back.
export {
  familyCrumbs,
  familyPagePath,
  isMissingFamily,
  useFamilyOfPage,
} from './components/family-header.js';
