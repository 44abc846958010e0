import type { RouteDef } from '@erapor/contract/routes';
import { faHouse } from '@fortawesome/free-solid-svg-icons';
import { Anchor, Breadcrumbs, Button, Text, Title, Tooltip } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { BUS_EVENTS, emit, useBusEvent } from '../lib/event-bus';
import { useTranslation } from '../lib/i18n';
import { Icon } from './icon';

/**
 * Page header (reference-screens §0): H2 title, breadcrumb (home icon + the route's items)
 * and the route's add button. A button with `link` navigates; otherwise it emits its action
 * on the event bus for the page to handle. Pages may emit `loading` / `hide-button`.
 */
export function PageHeader({ def }: { def: RouteDef }) {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);
  const [hidden, setHidden] = useState(false);
  useBusEvent(BUS_EVENTS.loading, (v) => setLoading(Boolean(v)));
  useBusEvent(BUS_EVENTS.hideButton, (v) => setHidden(v === undefined ? true : Boolean(v)));
  const [disabledWhy, setDisabledWhy] = useState<string | null>(null);
  useBusEvent(BUS_EVENTS.disableButton, (v) => setDisabledWhy(typeof v === 'string' && v ? v : null));
  const add = def.addButton;

  return (
    <header className="er-page-header" data-testid="page-header">
      <div className="er-page-header__titles">
        <Title order={2} fz="1.5rem" className="er-page-header__title">
          {def.title}
        </Title>
        {def.breadcrumb.length > 0 ? (
          <Breadcrumbs separator="›" className="er-page-header__crumbs" aria-label={t('layout.breadcrumb')}>
            <Anchor component={Link} to="/" aria-label={t('layout.home')} className="er-page-header__home">
              <Icon icon={faHouse} size={14} />
            </Anchor>
            {def.breadcrumb.map((b) =>
              b.to && !b.active ? (
                <Anchor key={b.text} component={Link} to={b.to} size="sm">
                  {b.text}
                </Anchor>
              ) : (
                <span key={b.text} className="er-crumb" aria-current={b.active ? 'page' : undefined}>
                  {b.text}
                </span>
              ),
            )}
          </Breadcrumbs>
        ) : null}
      </div>
      {add && !hidden && disabledWhy ? (
        // Offered but refused (issue #26 item 4): disabled, with why beside it and in its tooltip —
        // data-disabled rather than disabled, so the tooltip still shows on hover and focus.
        <div className="er-page-header__disabled">
          <Tooltip label={disabledWhy} multiline w={320}>
            <Button
              color={add.variant}
              data-disabled
              aria-disabled="true"
              aria-describedby="er-add-disabled-why"
              data-testid="add-button"
              onClick={(e) => e.preventDefault()}
            >
              {add.text}
            </Button>
          </Tooltip>
          <Text id="er-add-disabled-why" size="xs" c="dimmed" data-testid="add-button-why">
            {disabledWhy}
          </Text>
        </div>
      ) : add && !hidden ? (
        add.link ? (
          <Button component={Link} to={add.link} color={add.variant} data-testid="add-button">
            {add.text}
          </Button>
        ) : (
          <Button
            color={add.variant}
            loading={loading}
            data-testid="add-button"
            onClick={() => emit(add.action)}
          >
            {add.text}
          </Button>
        )
      ) : null}
    </header>
  );
}
