import {
  faArrowsRotate,
  faChartLine,
  faCircle,
  faClockRotateLeft,
  faCopy,
  faDatabase,
  faDownload,
  faFileCircleCheck,
  faGear,
  faGraduationCap,
  faHandPointRight,
  faHouse,
  faLaptopCode,
  faLayerGroup,
  faList,
  faListCheck,
  faPrint,
  faStreetView,
  faTerminal,
  faUpload,
  faUser,
  faUserLock,
  faUserPen,
  faWrench,
  type IconDefinition,
} from '@fortawesome/free-solid-svg-icons';

/** Font Awesome solid icons by the names the contract's menu uses (reference-screens §1). */
const ICONS: Record<string, IconDefinition> = {
  house: faHouse,
  'arrows-rotate': faArrowsRotate,
  download: faDownload,
  database: faDatabase,
  upload: faUpload,
  wrench: faWrench,
  gear: faGear,
  'user-lock': faUserLock,
  list: faList,
  'hand-point-right': faHandPointRight,
  'graduation-cap': faGraduationCap,
  'user-pen': faUserPen,
  'list-check': faListCheck,
  'layer-group': faLayerGroup,
  'street-view': faStreetView,
  'file-circle-check': faFileCircleCheck,
  copy: faCopy,
  print: faPrint,
  'chart-line': faChartLine,
  user: faUser,
  'laptop-code': faLaptopCode,
  'clock-rotate-left': faClockRotateLeft,
  terminal: faTerminal,
};

export function menuIcon(name: string): IconDefinition {
  return ICONS[name] ?? faCircle;
}

export const MENU_ICON_NAMES = Object.keys(ICONS);
