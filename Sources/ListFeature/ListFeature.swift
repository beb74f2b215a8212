// ListFeature: placeholder until its issue lands.
