import type { MenuItem } from '@erapor/contract/menu';
import { NavLink } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Icon } from '../../components/icon';
import { useTranslation } from '../../lib/i18n';
import { menuIcon } from './menu-icons';
import { containsRoute, pathOf } from './menu-model';

/**
 * The vertical menu. Groups start open (every page one click away); the user may fold them.
 * The item of the current route — or of its `navActiveLink` — is highlighted.
 */
function Item({ item, active, depth }: { item: MenuItem; active: string | undefined; depth: number }) {
  const [opened, setOpened] = useState(true);
  const icon = <Icon icon={menuIcon(item.icon)} size={depth === 0 ? 16 : 12} />;
  if (item.kind === 'link') {
    const isActive = item.route === active;
    return (
      <NavLink
        component={Link}
        to={pathOf(item.route)}
        label={<span className="er-menu__label">{item.title}</span>}
        leftSection={icon}
        active={isActive}
        aria-current={isActive ? 'page' : undefined}
        color={item.variant === 'danger' ? 'danger' : 'primary'}
        variant={isActive ? 'filled' : 'light'}
        className={item.variant === 'danger' ? 'er-menu__link er-menu__link--danger' : 'er-menu__link'}
      />
    );
  }
  return (
    <NavLink
      component="button"
      type="button"
      aria-expanded={opened}
      label={<span className="er-menu__label">{item.title}</span>}
      leftSection={icon}
      opened={opened}
      onChange={setOpened}
      childrenOffset={depth === 0 ? 12 : 16}
      className={containsRoute(item, active) ? 'er-menu__group er-menu__group--active' : 'er-menu__group'}
    >
      {item.children.map((child) => (
        <Item key={`${child.kind}-${child.title}`} item={child} active={active} depth={depth + 1} />
      ))}
    </NavLink>
  );
}

export function VerticalMenu({ items, active }: { items: readonly MenuItem[]; active: string | undefined }) {
  const { t } = useTranslation();
  return (
    <nav className="er-menu" data-testid="menu" aria-label={t('layout.mainMenu')}>
      {items.map((item) => (
        <Item key={`${item.kind}-${item.title}`} item={item} active={active} depth={0} />
      ))}
    </nav>
  );
}
