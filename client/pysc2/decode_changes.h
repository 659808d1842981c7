#pragma once
// Decoding only what changed: a layer decoded from one image brought up to date with the
// next image of the same geometry (the Env decodes each observation into the arrays of a
// recycled one, whose images it still has; see decode_all in features.cpp).
#include "client/pysc2/layer.h"
#include "s2clientprotocol/common.pb.h"

namespace sc2::pysc2 {

// `layer` was decoded from `decoded_from` (by decode_image_into or by this); makes it the
// decoding of `image`, decoding only the pixels whose bytes differ (compared in 64-byte
// blocks): the same values as decode_image_into. Returns false, layer untouched, when the two
// images differ in size, depth or length, or the layer was not sent and `image` is: then
// decode `image` in full (which also checks it).
bool decode_changes_into(const SC2APIProtocol::ImageData& image, const SC2APIProtocol::ImageData& decoded_from,
                         Layer& layer);

}  // namespace sc2::pysc2
