// Custom-mapping expressions that attack Klaxon (issue 19.1), shared by the sandbox, isolation and
// fuzz tests. Each is a JSONata expression for one mapping field.

/** The expression: a 16-character string doubled 24 times (268 million characters). */
export const DOUBLING = `($s := "xxxxxxxxxxxxxxxx"; ${'$s := $s & $s; '.repeat(24)}$length($s))`;

/** Blows up only when the payload says so: a trial on an empty payload cannot see it. */
export const PAYLOAD_BOMB = `bomb ? ($s := bomb; ${'$s := $s & $s; '.repeat(24)}$string($length($s))) : name`;

/** Quick alone, for an item with `n` 900 (and without one, as at save time); 100 items × 8 such fields are not. */
export const SLOW = '$string($sum([1..n].($sum([1..300]))))';

/** The attacks of "Done when": string and array doubling, deep recursion, huge $split and $replace. */
export const HOSTILE_EXPRESSIONS: Record<string, string> = {
  'string doubling': DOUBLING,
  'string doubling from the payload': PAYLOAD_BOMB,
  'array doubling': `($a := [1,2,3,4,5,6,7,8]; ${'$a := $append($a, $a); '.repeat(24)}$string($count($a)))`,
  'array doubling by recursion': '($f := function($a, $n){ $n = 0 ? $a : $f($append($a, $a), $n - 1) }; $string($count($f([1], 40))))',
  'deep recursion': '($f := function($n){ $n = 0 ? 0 : 1 + $f($n - 1) }; $string($f(1000000)))',
  'endless tail recursion': '($f := function($n){ $n = 0 ? 0 : $f($n - 1) }; $string($f(1000000000)))',
  'huge $split': '$string($count($split($pad("", 10000, ","), "")))',
  'huge $split by limit': '$string($count($split($pad("", 10000, "a,"), ",", 100000)))',
  'huge $replace': '$replace($replace($pad("", 10000, "a"), "a", $pad("", 10000, "a")), "a", "aa")',
  'repeated $replace': `($s := "ab"; ${'$s := $replace($s, "a", "aa" & $s); '.repeat(30)}$string($length($s)))`,
  'wide join': '$join([1..1000].$pad("", 10000, "x"))',
  'sequence of a million': '$string($count([1..1000000]))',
  'huge $pad': '$pad("x", 100000000)',
  'slow per item': SLOW,
};
