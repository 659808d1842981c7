#pragma once
// Galaxy's numbers. `int` is 32-bit two's complement; `fixed` is 32-bit fixed point with 12
// fraction bits (1/4096 steps, largest 524287.999755859375; SC2Mapster wiki "Types/Fixed").
// The constant folder and the interpreter both use these, so a folded constant and a computed
// one are always the same value.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace sc2::galaxy {

inline constexpr int kFixedFractionBits = 12;
inline constexpr std::int32_t kFixedOne = 1 << kFixedFractionBits;

// "0.0625" or "120" or ".5" (decimal digits with at most one '.') -> raw fixed, rounded to the
// nearest 1/4096 (halves away from zero); nullopt when the value does not fit.
std::optional<std::int32_t> fixed_from_decimal(std::string_view text);
// An int as fixed; nullopt when |value| > 524287.
std::optional<std::int32_t> fixed_from_int(std::int64_t value);
// The exact decimal value of a raw fixed, shortest form: "0.0625", "-3", "1.5".
std::string fixed_to_string(std::int32_t raw);

// Wrapping int arithmetic (no undefined behaviour for any operands but a zero divisor).
std::int32_t int_add(std::int32_t a, std::int32_t b);
std::int32_t int_subtract(std::int32_t a, std::int32_t b);
std::int32_t int_multiply(std::int32_t a, std::int32_t b);
std::int32_t int_negate(std::int32_t a);
// Truncates toward zero; INT_MIN / -1 wraps to INT_MIN. `b` must not be 0.
std::int32_t int_divide(std::int32_t a, std::int32_t b);
// Sign of `a` (C's %); INT_MIN % -1 is 0. `b` must not be 0.
std::int32_t int_modulo(std::int32_t a, std::int32_t b);
// Shift counts use their low 5 bits (our choice: the real game's behaviour past 31 is
// unverified). Right shifts are arithmetic.
std::int32_t int_shift_left(std::int32_t a, std::int32_t count);
std::int32_t int_shift_right(std::int32_t a, std::int32_t count);

// Fixed arithmetic on raw 20.12 values. Results wrap to 32 bits like int's (the real game's
// overflow behaviour is unverified; wrapping is at least deterministic). Products and quotients
// truncate toward zero, so -a * b == -(a * b).
std::int32_t fixed_add(std::int32_t a, std::int32_t b);
std::int32_t fixed_subtract(std::int32_t a, std::int32_t b);
std::int32_t fixed_multiply(std::int32_t a, std::int32_t b);
// `b` must not be 0.
std::int32_t fixed_divide(std::int32_t a, std::int32_t b);
std::int32_t fixed_negate(std::int32_t a);
// int -> fixed as the run time promotes it: wraps past +-524287 (compile-time promotion of a
// literal that does not fit is an error instead).
std::int32_t fixed_from_int_wrapping(std::int32_t value);
// To and from doubles, for natives that compute with them (distances, angles) and hosts that
// keep floats: rounds to the nearest 1/4096, saturating at the fixed range; NaN is 0.
std::int32_t fixed_from_double(double value);
inline double fixed_to_double(std::int32_t raw) { return static_cast<double>(raw) / kFixedOne; }
// The value with exactly `decimals` digits after the point (0..12), rounded half away from
// zero: FixedToText(1.5, 1) is "1.5", FixedToText(2, 1) is "2.0".
std::string fixed_to_text(std::int32_t raw, int decimals);

}  // namespace sc2::galaxy
