import type { MenuGroup, MenuItem, MenuLink } from '@erapor/contract/menu';
import { faChevronDown } from '@fortawesome/free-solid-svg-icons';
import { Menu, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Fragment } from 'react';
import { Icon } from '../../components/icon';
import { useTranslation } from '../../lib/i18n';
import { menuIcon } from './menu-icons';
import { containsRoute, pathOf } from './menu-model';

function GroupItems({ group, active }: { group: MenuGroup; active: string | undefined }) {
  return (
    <>
      {group.children.map((child) =>
        child.kind === 'group' ? (
          <Fragment key={child.title}>
            <Menu.Label>{child.title}</Menu.Label>
            <GroupItems group={child} active={active} />
          </Fragment>
        ) : (
          <LinkItem key={child.route} item={child} active={active} />
        ),
      )}
    </>
  );
}

function LinkItem({ item, active }: { item: MenuLink; active: string | undefined }) {
  return (
    <Menu.Item
      component={Link}
      to={pathOf(item.route)}
      leftSection={<Icon icon={menuIcon(item.icon)} size={12} />}
      color={item.variant === 'danger' ? 'danger' : undefined}
      data-active={item.route === active || undefined}
      aria-current={item.route === active ? 'page' : undefined}
    >
      {item.title}
    </Menu.Item>
  );
}

/** The horizontal menu: top-level items in a bar, groups as dropdowns. */
export function HorizontalMenu({
  items,
  active,
}: {
  items: readonly MenuItem[];
  active: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <nav className="er-hmenu" data-testid="menu" aria-label={t('layout.mainMenu')}>
      {items.map((item) =>
        item.kind === 'link' ? (
          <Link
            key={item.route}
            to={pathOf(item.route)}
            className="er-hmenu__item"
            data-active={item.route === active || undefined}
            aria-current={item.route === active ? 'page' : undefined}
          >
            <Icon icon={menuIcon(item.icon)} size={14} />
            {item.title}
          </Link>
        ) : (
          <Menu
            key={item.title}
            trigger="click-hover"
            openDelay={60}
            closeDelay={150}
            position="bottom-start"
            withinPortal
          >
            <Menu.Target>
              <UnstyledButton
                className="er-hmenu__item"
                data-active={containsRoute(item, active) || undefined}
              >
                <Icon icon={menuIcon(item.icon)} size={14} />
                {item.title}
                <Icon icon={faChevronDown} size={10} />
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              <GroupItems group={item} active={active} />
            </Menu.Dropdown>
          </Menu>
        ),
      )}
    </nav>
  );
}
