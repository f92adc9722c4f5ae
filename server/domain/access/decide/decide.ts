import type { AccessModel, AccessReason, ChainRule, Credential, Decision, Door, Holder, Rule, Who } from './model';

/**
 * The one access evaluator: may `who` pass `where` at `when`? The same function answers the
 * explain call (model loaded from the database) and decides on simulated doors (model rebuilt
 * from what the door holds). Pure: schedules are judged by the model's injected evaluator.
 */
export function decide(model: AccessModel, who: Who, where: Door, when: Date): Decision {
  let credential: Credential | null = null;
  let user: Holder | null = null;
  if ('user_id' in who) {
    user = model.user(who.user_id) ?? null;
    if (!user) return refused('unknown_user');
  } else {
    credential = model.credential(who) ?? null;
    if (!credential) return refused('unknown_identifier');
    const blocked = credentialRefusal(credential, when);
    if (blocked) return refused(blocked);
    user = credential.owner_id === null ? null : (model.user(credential.owner_id) ?? null);
  }
  if (user?.disabled) return refused('user_disabled');

  const chain = model.rulesFor({ credential, user }).map(({ rule, via }) => judgeRule(model, rule, via, where, when));
  const covering = chain.filter((link) => link.covers_door);
  if (covering.some((link) => link.prohibition && link.open)) return { granted: false, reason: 'prohibited', chain };
  if (covering.some((link) => !link.prohibition && link.open)) return { granted: true, reason: 'granted', chain };
  if (covering.some((link) => !link.prohibition)) return { granted: false, reason: 'schedule_closed', chain };
  return { granted: false, reason: 'no_rule', chain };
}

const refused = (reason: AccessReason): Decision => ({ granted: false, reason, chain: [] });

/**
 * The identifier's own state, in this order: revoked, inactive, period, validity windows, passes.
 * Also what a guest key's state is (guest access): the same rule, wherever it is asked.
 */
export function credentialRefusal(credential: Credential, when: Date): AccessReason | null {
  if (credential.revoked) return 'revoked';
  if (!credential.active) return 'inactive';
  const t = when.getTime();
  if (credential.period) {
    if (credential.period.from && t < Date.parse(credential.period.from)) return 'not_yet_valid';
    if (credential.period.to && t > Date.parse(credential.period.to)) return 'expired';
  }
  if (credential.windows && credential.windows.length > 0) {
    const windows = credential.windows;
    if (!windows.some((w) => t >= Date.parse(w.from) && t < Date.parse(w.to))) {
      // Past the last window: expired; before one (the first, or the next after a gap): not yet valid.
      return t >= Date.parse((windows.at(-1) as { to: string }).to) ? 'expired' : 'not_yet_valid';
    }
  }
  if (credential.passes && credential.passes.used >= credential.passes.max) return 'pass_limit';
  return null;
}

/**
 * A rule at the door and instant: it covers the door when it names (device, lock); it is open
 * when it has no time rules, or when one of them is open. A schedule the model does not know is
 * closed for an allowing rule and open for a prohibition (a gap never lets anyone in).
 */
function judgeRule(model: AccessModel, rule: Rule, via: ChainRule['via'], where: Door, when: Date): ChainRule {
  const covers = rule.doors.some((d) => d.device_id === where.device_id && d.lock === where.lock);
  const link: ChainRule = {
    rule_id: rule.id,
    prohibition: rule.prohibition,
    via,
    covers_door: covers,
    open: null,
    schedules: [],
  };
  if (!covers) return link;
  if (rule.time_rule_ids.length === 0) {
    link.open = true;
    return link;
  }
  let open = false;
  for (const id of rule.time_rule_ids) {
    const verdict = model.scheduleVerdict(id, when);
    link.schedules.push({ time_rule_id: id, verdict: verdict ?? null, missing: verdict === undefined });
    if (verdict ? verdict.open : rule.prohibition) open = true;
  }
  link.open = open;
  return link;
}
