import { type TypeLevel, tokens, vars } from '@client-portal/ui';

/**
 * A level of the kit's type ramp as style values, for the portal's own `.css.ts` files. Not the
 * kit's `typography` classes: composing a class of another package ties the rule to that package's
 * build, and where the stylesheet loaded is the other build (Storybook runs the kit from source)
 * the class matches nothing — the page titles fell back to 16 px.
 */
export function typeLevel(level: TypeLevel) {
  return {
    ...tokens.typeRamp[level],
    fontFamily: level === 'body' || level === 'caption' ? vars.font.body : vars.font.heading,
    ...(level === 'caption' ? { color: vars.color.fgMuted } : {}),
  };
}
