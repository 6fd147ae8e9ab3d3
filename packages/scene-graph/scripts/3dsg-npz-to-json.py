"""Writes the `output` dictionary of a Stanford 3D Scene Graph .npz as JSON for
`groundplan import stanford-3dsg`. The .npz holds a pickled Python dictionary of numpy arrays,
which only numpy can read; run this where numpy is installed:

    python3 3dsg-npz-to-json.py 3DSceneGraph_Allensville.npz Allensville.json

Per-face and per-voxel arrays (inst_segmentation, voxel_occupancy, voxel_centers) are left out:
the importer does not use them and they are most of the file.
"""

import json
import sys

import numpy as np

SKIPPED = {"inst_segmentation", "voxel_occupancy", "voxel_centers", "object_inst_segmentation",
           "room_inst_segmentation", "object_voxel_occupancy", "room_voxel_occupancy", "panorama"}


def plain(value):
    if isinstance(value, dict):
        return {str(plain(k)): plain(v) for k, v in value.items() if k not in SKIPPED}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, np.ndarray):
        return plain(value.tolist())
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return value


def main(source, target):
    data = np.load(source, allow_pickle=True)["output"].item()
    with open(target, "w") as out:
        json.dump(plain(data), out)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: 3dsg-npz-to-json.py <3DSceneGraph_<model>.npz> <out.json>")
    main(sys.argv[1], sys.argv[2])
