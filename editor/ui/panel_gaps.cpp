#include "panel_gaps.h"

#include <glm/common.hpp>

#include <algorithm>

namespace diorama::editor {

std::vector<Rect> uncovered(const Rect& area, std::span<const Rect> panels) {
    // Clip the panels to the area; the bands between their top and bottom edges each meet the
    // same panels along their whole height.
    std::vector<Rect> inside;
    std::vector<float> edges{area.min.y, area.max.y};
    for (const Rect& panel : panels) {
        const Rect clipped{glm::max(panel.min, area.min), glm::min(panel.max, area.max)};
        if (clipped.min.x >= clipped.max.x || clipped.min.y >= clipped.max.y) continue;
        inside.push_back(clipped);
        edges.push_back(clipped.min.y);
        edges.push_back(clipped.max.y);
    }
    std::sort(edges.begin(), edges.end());
    edges.erase(std::unique(edges.begin(), edges.end()), edges.end());

    std::vector<Rect> gaps;
    std::vector<const Rect*> crossing;
    for (std::size_t band = 0; band + 1 < edges.size(); ++band) {
        const float top = edges[band];
        const float bottom = edges[band + 1];
        crossing.clear();
        for (const Rect& panel : inside)
            if (panel.min.y <= top && panel.max.y >= bottom) crossing.push_back(&panel);
        std::sort(crossing.begin(), crossing.end(),
                  [](const Rect* a, const Rect* b) { return a->min.x < b->min.x; });
        float x = area.min.x;
        for (const Rect* panel : crossing) {
            if (panel->min.x > x) gaps.push_back(Rect{{x, top}, {panel->min.x, bottom}});
            x = std::max(x, panel->max.x);
        }
        if (x < area.max.x) gaps.push_back(Rect{{x, top}, {area.max.x, bottom}});
    }
    return gaps;
}

} // namespace diorama::editor
