import { Type } from 'typebox';

export const ActionTokenParams = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200, description: 'The page action token (kxk_…) a push payload or an email link carries. A secret: single use, short-lived.' }),
});

export const PageActionResult = Type.Object(
  {
    ok: Type.Literal(true),
    alert_id: Type.String(),
    status: Type.String({ description: 'The alert status after the action: acknowledged, or what it already was (resolved…).' }),
    changed: Type.Boolean({ description: 'False: the alert was already acknowledged or resolved; the token is used all the same.' }),
    via: Type.Union([Type.Literal('push'), Type.Literal('email')], { description: 'The channel whose page carried the token.' }),
  },
  { $id: 'PageActionResult' },
);

export const pageActionSchemas = [PageActionResult];
