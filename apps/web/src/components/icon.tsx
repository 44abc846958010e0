import type { IconDefinition } from '@fortawesome/free-solid-svg-icons';

/** A Font Awesome solid icon as inline SVG (no icon font, no runtime library). */
export function Icon({
  icon,
  size = 16,
  className,
  label,
}: {
  icon: IconDefinition;
  size?: number | string;
  className?: string;
  /** Accessible name; without it the icon is decorative. */
  label?: string;
}) {
  const [width, height, , , path] = icon.icon;
  const paths = Array.isArray(path) ? path : [path];
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width={size}
      height={size}
      fill="currentColor"
      className={className ? `er-icon ${className}` : 'er-icon'}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      {paths.map((d) => (
        <path key={d.slice(0, 24)} d={d} />
      ))}
    </svg>
  );
}
