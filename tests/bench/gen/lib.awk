# lib.awk - what several generators share, loaded before each of them:
#   awk -v n=... -f tests/bench/gen/lib.awk -f tests/bench/gen/X.awk
# (compare.sh does so for every generator).  Functions only: a clause
# goes to CL[1..nc] (each generator prints them), a new variable is ++V.

# The value of parameter name, an integer >= lo, or an error (through the
# generator's own die).
function nat(name, val, lo) {
  if (val !~ /^[0-9]+$/ || val + 0 < lo) die(name " must be an integer >= " lo)
  return val + 0
}

# The clause of the literals in s.
function emit(s) { CL[++nc] = s " 0" }

# Exactly one of the variables list[1..cnt]: one clause of all, and one of
# two negations for every pair.
function exactly_one(list, cnt,   i, j, s) {
  s = list[1]; for (i = 2; i <= cnt; i++) s = s " " list[i]
  emit(s)
  for (i = 1; i <= cnt; i++) for (j = i + 1; j <= cnt; j++) emit((-list[i]) " " (-list[j]))
}

# Gates, Tseitin-encoded (Tseitin 1968): each returns its output variable;
# an input 0 is the constant false (and2 gives 0, xor2 the other input).
# AND 3 clauses, XOR 4, 3-input XOR 8, majority 6.
function and2(x, y,   z) {
  if (x == 0 || y == 0) return 0
  z = ++V; emit((-z) " " x); emit((-z) " " y); emit(z " " (-x) " " (-y)); return z
}
function xor2(x, y,   z) {
  if (x == 0) return y
  if (y == 0) return x
  z = ++V
  emit((-z) " " x " " y); emit((-z) " " (-x) " " (-y))
  emit(z " " (-x) " " y); emit(z " " x " " (-y)); return z
}
function xor3(x, y, w,   z, m, bx, by, bw) {
  z = ++V
  for (m = 0; m < 8; m++) {
    bx = m % 2; by = int(m / 2) % 2; bw = int(m / 4)
    emit((bx ? -x : x) " " (by ? -y : y) " " (bw ? -w : w) " " ((bx + by + bw) % 2 ? z : -z))
  }
  return z
}
function maj(x, y, w,   z) {
  z = ++V
  emit((-z) " " x " " y); emit((-z) " " x " " w); emit((-z) " " y " " w)
  emit(z " " (-x) " " (-y)); emit(z " " (-x) " " (-w)); emit(z " " (-y) " " (-w))
  return z
}
# Adds the bits x, y, w (0 = constant false): the sum in SUM, the carry in
# CARRY (a full adder, a half adder, or wires).
function adder(x, y, w) {
  if (x == 0) { x = w; w = 0 } else if (y == 0) { y = w; w = 0 }
  if (x == 0) { x = y; y = 0 }
  if (w != 0) { SUM = xor3(x, y, w); CARRY = maj(x, y, w) }
  else if (y != 0) { SUM = xor2(x, y); CARRY = and2(x, y) }
  else { SUM = x; CARRY = 0 }
}
