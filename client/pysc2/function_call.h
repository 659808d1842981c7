#pragma once
// An agent's action in PySC2's action space: a function id and one list of ints per
// argument (e.g. select_point = 2 with [[0], [23, 38]]).
#include <string>
#include <vector>

namespace sc2::pysc2 {

struct FunctionCall {
  int function = 0;                         // id in the 573-function table (0 = no_op)
  std::vector<std::vector<int>> arguments;  // in the order of the function's args

  friend bool operator==(const FunctionCall&, const FunctionCall&) = default;
};

// PySC2's notation with enum arguments named, e.g. Attack_screen("now", [23, 38]),
// select_rect("select", [1, 2], [30, 40]), no_op(). Unknown ids print as fn#<id>(...).
std::string to_string(const FunctionCall& call);

}  // namespace sc2::pysc2
