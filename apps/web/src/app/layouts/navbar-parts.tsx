import { roleDisplay } from '@erapor/contract/roles';
import { faMoon, faRightFromBracket, faSun, faUser } from '@fortawesome/free-solid-svg-icons';
import { ActionIcon, Avatar, Menu, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Icon } from '../../components/icon';
import { useAuthedImage } from '../../components/use-authed-image';
import { useTranslation } from '../../lib/i18n';
import { setPrefs, usePrefs } from '../../lib/prefs';
import { useSession } from '../../lib/session';

/** "{sekolah.nama} | {semester.nama}": the school and the semester chosen at login. */
export function SchoolSemesterTitle() {
  const { userData } = useSession();
  if (!userData) return null;
  return (
    <p className="er-navbar__title" data-testid="school-semester">
      {userData.sekolah.nama} | {userData.semester.nama}
    </p>
  );
}

/** Light ↔ dark skin (persisted under `skin`). */
export function DarkToggle() {
  const { t } = useTranslation();
  const { skin } = usePrefs();
  const dark = skin === 'dark';
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={dark ? t('layout.lightMode') : t('layout.darkMode')}
      aria-pressed={dark}
      data-testid="dark-toggle"
      onClick={() => setPrefs({ skin: dark ? 'light' : 'dark' })}
    >
      <Icon icon={dark ? faSun : faMoon} size={18} />
    </ActionIcon>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');
}

/** The user dropdown: name and roles, Profil, Logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const { userData } = useSession();
  const photo = useAuthedImage(userData?.photo_url);
  if (!userData) return null;
  const role = userData.role || roleDisplay(userData.roles) || t('layout.noRole');
  return (
    <Menu position="bottom-end" width={220} withinPortal>
      <Menu.Target>
        <UnstyledButton className="er-user" data-testid="user-menu" aria-label={t('layout.userMenu')}>
          <span className="er-user__text">
            <span className="er-user__name">{userData.name}</span>
            <span className="er-user__role">{role}</span>
          </span>
          <Avatar src={photo} alt="" radius="xl" color="primary">
            {initials(userData.name)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {userData.name}
          <br />
          {role}
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to="/profile" leftSection={<Icon icon={faUser} size={14} />}>
          {t('layout.profile')}
        </Menu.Item>
        <Menu.Item component={Link} to="/logout" leftSection={<Icon icon={faRightFromBracket} size={14} />}>
          {t('layout.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
