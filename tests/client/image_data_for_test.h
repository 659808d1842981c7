#pragma once
// An ImageData message as the game sends one, for the client's decoding tests.
#include <string>
#include <utility>

#include "s2clientprotocol/sc2api.pb.h"

namespace sc2::test {

inline SC2APIProtocol::ImageData image_data(int bpp, int width, int height, std::string data) {
  SC2APIProtocol::ImageData result;
  result.set_bits_per_pixel(bpp);
  result.mutable_size()->set_x(width);
  result.mutable_size()->set_y(height);
  result.set_data(std::move(data));
  return result;
}

}  // namespace sc2::test
